import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "~/features/demo/seed.server";
import { publicPagePaths } from "../../scripts/public-page-paths.mjs";
import { serveBuiltApp } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Issue 40: a public page sends no script that runs as it loads except the small loader; React
// Router's module script (and every file it imports) waits, inert, for the visitor's first
// interaction (app/features/site/hydrate-on-interaction.server.ts; the browser side is in
// tests/e2e/hydration.spec.ts). Over HTTP against the production build, fresh and from the cache.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.database.db);
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const scriptTags = (html: string) => [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);

describe("a public page loads no script file until the visitor does something", () => {
  it.each([...publicPagePaths, "/no-such-page", "/admin/login"])("%s", async (path) => {
    for (const round of ["rendered", "again (the page cache, for a cached page)"]) {
      const html = await (await fetch(`${site.origin}${path}`)).text();
      const tags = scriptTags(html);
      expect(
        tags.filter((attrs) => /\bsrc=/.test(attrs)),
        round,
      ).toEqual([]);
      expect(
        tags.filter((attrs) => attrs.includes(`type="module"`)),
        round,
      ).toEqual([]);
      expect(html.match(/<link[^>]+rel="modulepreload"/g), round).toBeNull();
      // The module script, inert, with React Router's imports; the loader right after it.
      expect(html, round).toMatch(
        /<script[^>]* type="text\/x-app-hydration" id="app-hydration">[\s\S]*import\("\/assets\/entry\.client-[\w-]+\.js"\);[\s\S]*?<\/script><script[^>]*>\(\(\)=>\{/,
      );
    }
  });
});
