import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, testimonials } from "~/db/schema";
import { seedDemoContent } from "~/features/demo/seed.server";
import { issueFormToken } from "~/features/leads/form-token.server";
import { publicPages } from "~/features/seo/public-pages";
import { serveBuiltApp } from "../support/built-app";
import { insertTestJob } from "../support/jobs-fixture";
import { SHORT_JVM_RUN } from "../support/short-jvm-run";
import { createTestDatabase, makeTempDir, type TestDatabase } from "../support/test-database";

// Every page the server renders passes the W3C Nu HTML Checker (vnu.jar from the vnu-jar package,
// run on the machine's Java; CI installs default-jre-headless) with no errors, over HTTP against
// the production build (npm run build). All pages go to one java run: the JVM is slow to start.

// The package exports the jar's path (as a String object). Calling its own runner instead would
// download a Java runtime when none is installed; this test wants the machine's Java or a clear failure.
const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
const REVIEWED_PROJECT = "boutique-shop-ceiling-grafton-street";

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let outDir: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.database.db);
  // One demo project made from a finished job whose client's verified review is published: its
  // page shows the review (issue 39), as does the home page.
  const { job } = await insertTestJob(t.database.db, { status: "complete" });
  await t.database.db.update(projects).set({ jobId: job.id }).where(eq(projects.slug, REVIEWED_PROJECT));
  await t.database.db.insert(testimonials).values({
    name: "Verified client",
    location: "Dublin 2",
    content: "The ceiling went in overnight and the shop opened on time.",
    stars: 5,
    status: "published",
    verified: true,
    jobId: job.id,
  });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  outDir = makeTempDir("ic-vnu-");
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

/**
 * Messages that are the checker's own gaps, not errors: its CSS validator (which checks the
 * stylesheet inlined in every page's head) predates these parts of CSS, all of which are standard
 * and used by Tailwind 4's output in every current browser.
 */
const KNOWN_FALSE_POSITIVES = new Set([
  // @property (CSS Properties and Values API) registers Tailwind's custom properties.
  "CSS: Unrecognized at-rule “@property”",
  // Inside @supports (not (margin-trim: block)): a feature query may name any property, and
  // margin-trim is in CSS Box Model 4.
  "CSS: “margin-trim”: Property “margin-trim” doesn't exist.",
  // transition-property takes custom property names (<custom-ident>, CSS Transitions).
  "CSS: “transition-property”: “--tw-gradient-from” is not a “transition-property” value.",
]);

type Page = { name: string; status: number; response: () => Promise<Response> };

const contactPost = (fields: Record<string, string>) => () =>
  fetch(`${site.origin}/contact-us`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: site.origin },
    body: new URLSearchParams({ website: "", ...fields }),
    redirect: "manual",
  });
const aHumanToken = () => issueFormToken(site.services.appSecret, Date.now() - 8_000);

const pages: Page[] = [
  ...publicPages.map((p) => ({ name: `GET ${p.path}`, status: 200, response: () => fetch(`${site.origin}${p.path}`) })),
  // Project pages (issue 39) from the demo content: the list, a project with before/after pairs and
  // its client's review, and the county page its three Dublin projects make.
  ...["/projects", `/projects/${REVIEWED_PROJECT}`, "/areas/dublin"].map((p) => ({
    name: `GET ${p}`,
    status: 200,
    response: () => fetch(`${site.origin}${p}`),
  })),
  { name: "GET /no-such-page (404)", status: 404, response: () => fetch(`${site.origin}/no-such-page`) },
  {
    name: "POST /contact-us without JavaScript, invalid (form with errors)",
    status: 400,
    response: contactPost({
      name: "G",
      email: "grainne@",
      phone: "01 234",
      service: "",
      message: "Too short",
      formToken: "",
    }),
  },
  {
    name: "POST /contact-us without JavaScript, valid (Message Sent)",
    status: 200,
    response: () =>
      contactPost({
        name: "Gráinne Kelly",
        email: "grainne@kellyhair.ie",
        phone: "",
        service: "Ceiling Repairs",
        message: "A water-stained ceiling tile in our salon needs replacing.",
        formToken: aHumanToken(),
      })(),
  },
];

type VnuMessage = {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
};

function runVnu(files: string[]): VnuMessage[] {
  const version = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (version.error || version.status !== 0) {
    throw new Error(
      "The HTML validity test needs Java 11+ on PATH to run the Nu HTML Checker (vnu.jar): " +
        `\`java -version\` failed (${version.error?.message ?? version.stderr.trim()}). ` +
        "Install it with `apt-get install -y default-jre-headless` (.ci/run does this in CI).",
    );
  }
  // The quick compiler's deeper frames need a larger thread stack than vnu's 512 KB minimum.
  const jvm = ["-Xss4m", ...SHORT_JVM_RUN];
  const result = spawnSync("java", [...jvm, "-jar", vnuJar, "--errors-only", "--format", "json", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  // vnu writes its JSON report on stderr (exit code 1 when there are errors); anything else there
  // (a JVM notice) is on lines of its own.
  const json = result.stderr.split("\n").find((line) => line.startsWith("{"));
  if (result.error || !json) {
    throw new Error(
      `vnu.jar did not produce a report (exit ${result.status}): ${result.error?.message ?? ""}\n${result.stderr}${result.stdout}`,
    );
  }
  return (JSON.parse(json) as { messages: VnuMessage[] }).messages;
}

describe("HTML validity (W3C Nu HTML Checker)", () => {
  it("every public page, the 404 page and the contact page after a no-JavaScript post have no errors", async () => {
    const fileToPage = new Map<string, string>();
    for (const [i, page] of pages.entries()) {
      const res = await page.response();
      expect(res.status, page.name).toBe(page.status);
      expect(res.headers.get("content-type"), page.name).toMatch(/^text\/html/);
      const file = path.join(outDir, `page-${String(i).padStart(2, "0")}.html`);
      fs.writeFileSync(file, await res.text());
      fileToPage.set(file, page.name);
    }

    const messages = runVnu([...fileToPage.keys()]);
    // One line per distinct message, with the pages it occurs on.
    const problems = new Map<string, Set<string>>();
    for (const m of messages) {
      if (m.type === "info" || KNOWN_FALSE_POSITIVES.has(m.message)) continue;
      const file = m.url ? decodeURIComponent(new URL(m.url).pathname) : "";
      const where = m.lastLine ? ` (line ${m.lastLine}, column ${m.firstColumn ?? m.lastColumn})` : "";
      const extract = m.extract ? ` …${m.extract.replace(/\s+/g, " ")}…` : "";
      const key = `${m.type}${m.subType ? `/${m.subType}` : ""}: ${m.message}${extract}`;
      if (!problems.has(key)) problems.set(key, new Set());
      problems.get(key)!.add(`${fileToPage.get(file) ?? file}${where}`);
    }
    const report = [...problems].map(([problem, where]) => `${problem}\n      on ${[...where].join("\n         ")}`);
    expect(report, `Nu HTML Checker errors:\n  ${report.join("\n  ")}\n`).toEqual([]);
  }, 180_000);
});
