import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pages, posts, projects } from "~/db/schema";
import { seedDemoContent } from "~/features/demo/seed.server";
import { serveBuiltApp } from "../tests/support/built-app";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.database.db);
  site = await serveBuiltApp(t.database);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

/** Reads the whole body, as a browser does: a page is stored once its response has been sent. */
async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${site.origin}${path}`, { headers });
  const body = await res.text();
  return { status: res.status, headers: res.headers, text: async () => body };
}

describe("the public-page HTML cache", () => {
  it("serves a repeat anonymous request from memory, with CDN-friendly caching headers", async () => {
    const first = await get("/partitions");
    expect(first.headers.get("x-page-cache")).toBeNull();
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    const firstHtml = await first.text();
    const second = await get("/partitions");
    expect(second.status).toBe(200);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    expect(second.headers.get("vary")).toBe("Accept-Encoding");
    const secondHtml = await second.text();
    // Same page, minus the first response's nonce attributes.
    expect(secondHtml).toBe(firstHtml.replace(/\s+nonce="[^"]*"/g, ""));
  });

  it("gives a cached page a strict CSP: hashes of its own inline scripts, no nonce, never unsafe-inline", async () => {
    await get("/about-us");
    const res = await get("/about-us");
    expect(res.headers.get("x-page-cache")).toBe("hit");
    const csp = res.headers.get("content-security-policy")!;
    const scriptSrc = csp.split(";").find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("nonce-");
    const html = await res.text();
    expect(html).not.toContain("nonce=");
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attrs]) => !attrs!.includes("src=") && !attrs!.includes("application/ld+json"),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , content] of inline) {
      const hash = crypto.createHash("sha256").update(content!, "utf8").digest("base64");
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
    }
  });

  it("answers a matching If-None-Match with 304", async () => {
    await get("/gallery");
    const hit = await get("/gallery");
    const etag = hit.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const revalidated = await get("/gallery", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
  });

  it("sends gzip to clients that accept it and plain HTML to those that do not", async () => {
    await get("/ceiling-repair");
    const zipped = await fetch(`${site.origin}/ceiling-repair`, { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(await zipped.text()).toContain("</html>");
  });

  it("shows a content change on the very next request (database triggers bump the content version)", async () => {
    await get("/");
    expect((await get("/")).headers.get("x-page-cache")).toBe("hit");
    await t.database.db
      .update(pages)
      .set({ metaTitle: "Ceilings & Partitions Dublin — Cache Test" })
      .where(eq(pages.slug, "home"));
    const after = await get("/");
    expect(after.headers.get("x-page-cache")).toBeNull();
    expect(await after.text()).toContain("<title>Ceilings &amp; Partitions Dublin — Cache Test</title>");

    await get("/gallery?category=repairs");
    const [repair] = await t.database.db.select().from(projects).where(eq(projects.category, "repairs")).limit(1);
    await t.database.db.update(projects).set({ title: "Renamed repair project" }).where(eq(projects.id, repair!.id));
    expect(await (await get("/gallery?category=repairs")).text()).toContain("Renamed repair project");
  });

  it("serves the sitemap from memory until a project changes", async () => {
    await get("/sitemap.xml");
    const cached = await get("/sitemap.xml");
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    expect(cached.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const [project] = await t.database.db.select().from(projects).where(eq(projects.status, "published")).limit(1);
    await t.database.db.update(projects).set({ slug: "renamed-for-the-sitemap" }).where(eq(projects.id, project!.id));
    const after = await get("/sitemap.xml");
    expect(after.headers.get("x-page-cache")).toBeNull();
    expect(await after.text()).toContain("/projects/renamed-for-the-sitemap</loc>");
  });

  it("a second server sharing the database drops its cached page when content changes", async () => {
    const other = await serveBuiltApp(t.database);
    try {
      const fetchOther = async (path: string) => {
        const res = await fetch(`${other.origin}${path}`);
        return { hit: res.headers.get("x-page-cache"), html: await res.text() };
      };
      await fetchOther("/about-us");
      expect((await fetchOther("/about-us")).hit).toBe("hit");
      await t.database.db
        .update(pages)
        .set({ metaTitle: "About the team | Second server test" })
        .where(eq(pages.slug, "about-us"));
      const after = await fetchOther("/about-us");
      expect(after.hit).toBeNull();
      expect(after.html).toContain("<title>About the team | Second server test</title>");
    } finally {
      await other.close();
    }
  });

  it("serves an address with unknown or utm_* parameters from the cached page, and keeps the blog's pages apart", async () => {
    await get("/privacy-policy");
    const plain = await get("/privacy-policy");
    expect(plain.headers.get("x-page-cache")).toBe("hit");
    const before = site.pageCache!.stats();
    const random = await get(`/privacy-policy?x=${crypto.randomBytes(8).toString("hex")}`);
    expect(random.status).toBe(200);
    expect(random.headers.get("x-page-cache")).toBe("hit");
    expect(await random.text()).toBe(await plain.text());
    const tagged = await get("/privacy-policy?utm_source=newsletter&utm_campaign=spring");
    expect(tagged.headers.get("x-page-cache")).toBe("hit");
    const after = site.pageCache!.stats();
    expect(after.entries).toBe(before.entries);
    expect(after.misses).toBe(before.misses);

    // The blog's page number is read by its page: /blog?page=2 is another page, cached on its own.
    await t.database.db.insert(posts).values(
      Array.from({ length: 12 }, (_, i) => ({
        title: `Cache key post ${i + 1}`,
        slug: `cache-key-post-${i + 1}`,
        excerpt: "A post for the page cache test.",
        content: "Body.",
        status: "published" as const,
        publishedAt: new Date(Date.UTC(2020, 0, i + 1)),
      })),
    );
    const blog = await (await get("/blog")).text();
    const second = await get("/blog?page=2&utm_source=x");
    expect(second.status).toBe(200);
    const secondHtml = await second.text();
    expect(secondHtml).not.toBe(blog);
    expect((await get("/blog?page=2")).headers.get("x-page-cache")).toBe("hit");
    expect((await get("/blog?utm_medium=email")).headers.get("x-page-cache")).toBe("hit");
  });

  /** Runs `check` against a server of its own whose page cache holds 3 pages; `cacheOf(path)` answers its X-Page-Cache. */
  const withSmallCache = async (
    check: (cacheOf: (path: string) => Promise<string | null>, stats: () => { entries: number }) => Promise<void>,
  ) => {
    const small = await serveBuiltApp(t.database, { env: { PAGE_CACHE_MAX_ENTRIES: "3" } });
    try {
      await check(
        async (path) => {
          const res = await fetch(`${small.origin}${path}`);
          await res.arrayBuffer();
          return res.headers.get("x-page-cache");
        },
        () => small.pageCache!.stats(),
      );
    } finally {
      await small.close();
    }
  };

  it("many addresses with random parameters do not push a page out of a small cache", () =>
    withSmallCache(async (cacheOf, stats) => {
      await cacheOf("/about-us");
      for (let i = 0; i < 20; i++) await cacheOf(`/partitions?x=${crypto.randomBytes(8).toString("hex")}`);
      expect(await cacheOf("/about-us")).toBe("hit");
      expect(stats().entries).toBe(2);
    }));

  it("keeps the pages used most recently when it is full (a hit counts as a use)", () =>
    withSmallCache(async (cacheOf, stats) => {
      for (const path of ["/about-us", "/partitions", "/ceiling-repair"]) await cacheOf(path);
      // /about-us, the oldest, is used twice in a row; /partitions is now the page used longest ago.
      expect(await cacheOf("/about-us")).toBe("hit");
      expect(await cacheOf("/about-us")).toBe("hit");
      await cacheOf("/shop-ceiling");
      expect(stats().entries).toBe(3);
      expect(await cacheOf("/shop-ceiling")).toBe("hit");
      expect(await cacheOf("/about-us")).toBe("hit");
      expect(await cacheOf("/ceiling-repair")).toBe("hit");
      expect(await cacheOf("/partitions")).toBeNull();
    }));

  it("never caches forms, 404s, or anyone with a session cookie", async () => {
    await get("/contact-us");
    const contact = await get("/contact-us");
    expect(contact.headers.get("x-page-cache")).toBeNull();
    expect(contact.headers.get("cache-control")).toBe("no-store");

    await get("/no-such-page");
    const missing = await get("/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-page-cache")).toBeNull();

    await get("/shop-ceiling");
    expect((await get("/shop-ceiling")).headers.get("x-page-cache")).toBe("hit");
    const signedIn = await get("/shop-ceiling", { cookie: "__Host-ic_session=abc" });
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
  });
});
