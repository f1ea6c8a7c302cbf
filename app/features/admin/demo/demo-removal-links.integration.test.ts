import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { seedBlogPage, seedDemoContent, seedEstimatePage, seedFirstPost } from "~/features/demo/seed.server";
import { ensurePriceList } from "~/features/estimate/pricing.server";
import { callApi, confirmSession, serveBuiltApp, signIn } from "../../../../tests/support/built-app";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";

// Issue 35 item 7 on the built server: after the owner removes the demo content (keeping the FAQs,
// the dashboard's default), no public link points at a 404. Every page of the sitemap is fetched,
// then every internal link in those pages' HTML (nav, footer, body): each answers 200, or a
// redirect to a page that does. The spec's own blog post stays, in the sitemap and where linked.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
const PASSWORD = "Tegular-Edge-2026";

beforeAll(async () => {
  t = await createTestDatabase();
  const { db } = t.database;
  // What a first start seeds (server/start.server.ts).
  await seedDemoContent(db);
  await ensurePriceList(db);
  await seedFirstPost(db);
  await seedBlogPage(db);
  await seedEstimatePage(db);
  await db.insert(users).values({ username: "owner", password: await hashPassword(PASSWORD), role: "owner" });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  const cookie = await signIn(site.origin, "owner", PASSWORD);
  await confirmSession(site.origin, cookie, PASSWORD);
  const removed = await callApi(site.origin, "DELETE", "/api/admin/demo-content", { keepFaqs: true }, { cookie });
  expect(removed.status).toBe(200);
  expect(removed.body).toMatchObject({ projects: 12, keptFaqs: 18 });
  // A first start's seeding, a server and the removal: slow on a loaded machine.
}, 120_000);
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const decode = (href: string) => href.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

/** The site's own addresses an HTML page links to (`<a href>`), without their #fragments. */
function internalLinks(html: string, origin: string): string[] {
  const out = new Set<string>();
  for (const [, raw] of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const href = decode(raw!);
    if (!href || href.startsWith("#") || /^(mailto|tel|sms|javascript):/i.test(href)) continue;
    const url = new URL(href, origin);
    if (url.origin !== origin) continue;
    out.add(url.pathname + url.search);
  }
  return [...out];
}

/** The status a visitor ends on: redirects followed, at most five. */
async function finalStatus(path: string): Promise<{ status: number; html: string }> {
  let url = `${site.origin}${path}`;
  for (let hops = 0; hops < 5; hops++) {
    const res = await fetch(url, { redirect: "manual" });
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      url = new URL(location, url).href;
      continue;
    }
    return { status: res.status, html: await res.text() };
  }
  return { status: 310, html: "" };
}

/** What a page shows: its HTML without the scripts (the loader data there holds every field's words). */
const shown = async (path: string) => (await finalStatus(path)).html.replace(/<script\b[\s\S]*?<\/script>/g, "");

describe("after the demo content is removed", () => {
  it("every page in the sitemap and every internal link on those pages answers 200, the spec's post included", async () => {
    const sitemap = await (await fetch(`${site.origin}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(decode(m[1]!)).pathname);
    expect(pages).toContain("/");
    expect(pages).toContain("/blog/shop-ceiling-trends");
    expect(pages.some((p) => p.startsWith("/projects/"))).toBe(false);

    const broken: string[] = [];
    const linkedFrom = new Map<string, string>();
    for (const page of pages) {
      const answer = await finalStatus(page);
      if (answer.status !== 200) broken.push(`${page} (in the sitemap): ${answer.status}`);
      for (const link of internalLinks(answer.html, site.origin)) if (!linkedFrom.has(link)) linkedFrom.set(link, page);
    }
    for (const [link, from] of linkedFrom) {
      if (pages.includes(link)) continue;
      const { status } = await finalStatus(link);
      if (status !== 200) broken.push(`${link} (linked from ${from}): ${status}`);
    }
    expect(broken).toEqual([]);
    // The walk reached the nav, the footer and the body links, not just the sitemap.
    expect(linkedFrom.has("/shop-ceiling-specialists")).toBe(true);
    expect(linkedFrom.has("/privacy-policy")).toBe(true);
    expect(linkedFrom.get("/blog/shop-ceiling-trends")).toBeDefined();
    // Some eighty pages rendered one after another: minutes on a loaded machine.
  }, 240_000);

  it("shows no section over nothing: no Recent Projects, no gallery tabs, no demo job named", async () => {
    const home = await shown("/");
    expect(home).not.toContain("Recent Projects");
    expect(home).toContain("Latest from the Blog");

    const gallery = await shown("/gallery");
    expect(gallery).not.toContain("No projects in this category yet");
    expect(gallery).not.toContain("Filter projects by service");
    expect(gallery).toContain("Tell us about your project");

    const shop = await shown("/shop-ceiling");
    expect(shop).toContain('href="/blog/shop-ceiling-trends"');
    for (const path of ["/shop-ceiling", "/suspended-ceilings", "/"])
      expect(await shown(path), path).not.toMatch(/Ranelagh|Blanchardstown|Dún Laoghaire training/);

    // The kept FAQs still answer on the specialists page.
    expect((await finalStatus("/shop-ceiling-specialists")).html).toContain("FAQPage");
  });
});
