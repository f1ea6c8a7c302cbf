import { spawnSync } from "node:child_process";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notFoundLog, posts, users } from "~/db/schema";
import { seedDemoContent } from "~/features/demo/seed.server";
import { POST_MESSAGES } from "~/features/blog/posts-schema";
import { createNotFoundLog } from "~/features/redirects/not-found-log.server";
import { REDIRECT_MESSAGES } from "~/features/redirects/redirects-schema";
import { getEnv } from "~/env.server";
import { hashPassword } from "~/features/auth/password.server";
import { callApi, serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Issue 15: blog posts (admin API, public blog, drafts, sitemap, RSS, pagination), redirects
// (API, loops, live paths, slug changes) and the 404 log, on the built server with the HTML cache on.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;
const PASSWORD = "Suspended-Grid-42";
/** The site's own origin, as the server's pages use it (SITE_URL). */
const SITE = getEnv().SITE_URL;
const VISITOR = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.database.db);
  await t.database.db.insert(users).values({ username: "aoife", password: await hashPassword(PASSWORD) });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  cookie = await signIn(site.origin, "aoife", PASSWORD);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const api = (method: string, path: string, body?: unknown, signedIn = true) =>
  callApi(site.origin, method, path, body, signedIn ? { cookie } : {});

/** An anonymous visitor's GET, redirects not followed. */
async function visit(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${site.origin}${path}`, {
    redirect: "manual",
    headers: { "user-agent": VISITOR, ...headers },
  });
  return {
    status: res.status,
    location: res.headers.get("location"),
    cache: res.headers.get("x-page-cache"),
    type: res.headers.get("content-type"),
    text: await res.text(),
  };
}

const post = (over: Record<string, unknown> = {}) => ({
  title: "Acoustic ceilings for open-plan offices",
  slug: "acoustic-ceilings",
  excerpt: "How acoustic tiles calm a busy office floor.",
  content: "## Why it matters\n\nNoise costs **concentration**.\n\n- NRC up to 0.95\n- Same look as standard tiles",
  ...over,
});

/** xmllint's answer for an XPath over a document ("" when nothing matched). */
function xpath(xml: string, expr: string): string {
  const run = spawnSync("xmllint", ["--xpath", expr, "-"], { input: xml, encoding: "utf8" });
  expect(run.error, "xmllint must be installed (apt-get install -y libxml2-utils)").toBeUndefined();
  return run.stdout.trim();
}

describe("blog posts API", () => {
  it("needs a signed-in user", async () => {
    expect((await api("GET", "/api/admin/posts", undefined, false)).status).toBe(401);
  });

  it("lists the first post, seeded from the article that was in code", async () => {
    const list = await api("GET", "/api/admin/posts");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        slug: "shop-ceiling-trends",
        status: "published",
        title: "Shop Ceiling Trends for Irish Retailers",
      }),
    ]);
  });

  it("refuses bad input with each field named, and stores nothing", async () => {
    const before = await t.database.db.$count(posts);
    const bad = await api("POST", "/api/admin/posts", {
      title: "x",
      slug: "Bad Slug",
      excerpt: "",
      content: "short",
      coverImage: "/uploads/0123456789abcdef-1200.jpg",
      status: "live",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      title: POST_MESSAGES.title,
      slug: POST_MESSAGES.slugChars,
      excerpt: POST_MESSAGES.excerpt,
      content: POST_MESSAGES.content,
      status: POST_MESSAGES.status,
    });
    const noAlt = await api("POST", "/api/admin/posts", post({ coverImage: "/images/blog/shop-ceiling-trends.svg" }));
    expect(noAlt.status).toBe(400);
    expect(noAlt.body.fieldErrors).toEqual({ coverImageAlt: POST_MESSAGES.coverImageAlt });
    expect(await t.database.db.$count(posts)).toBe(before);
  });

  it("keeps slugs unique (409 naming the slug)", async () => {
    const taken = await api("POST", "/api/admin/posts", post({ slug: "shop-ceiling-trends" }));
    expect(taken.status).toBe(409);
    expect(taken.body.fieldErrors).toEqual({ slug: POST_MESSAGES.slugTaken });
  });

  it("a draft is a 404 to the public and absent from the blog, the sitemap and the feed; publishing shows it at once", async () => {
    // Warm the caches first: publishing must invalidate them.
    for (const path of ["/blog", "/blog"]) await visit(path);
    expect((await visit("/blog")).cache).toBe("hit");

    const created = await api("POST", "/api/admin/posts", post());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "draft", publishedAt: null });
    const id = created.body.id as number;

    expect((await visit("/blog/acoustic-ceilings")).status).toBe(404);
    expect((await visit("/blog")).text).not.toContain("Acoustic ceilings for open-plan offices");
    expect((await visit("/sitemap.xml")).text).not.toContain("/blog/acoustic-ceilings");
    expect((await visit("/blog/rss.xml")).text).not.toContain("acoustic-ceilings");

    const published = await api("PUT", `/api/admin/posts/${id}`, post({ status: "published" }));
    expect(published.status).toBe(200);
    expect(published.body.publishedAt).toBeTruthy();

    const page = await visit("/blog/acoustic-ceilings");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<strong>concentration</strong>");
    expect(page.text).toContain('<h2 id="why-it-matters">Why it matters</h2>');
    expect(page.text).toContain(`<link rel="canonical" href="${SITE}/blog/acoustic-ceilings"`);
    expect(page.text).toContain('<meta property="og:type" content="article"');
    expect(page.text).toContain('"@type":"BlogPosting"');
    expect(page.text).toContain('"@type":"BreadcrumbList"');
    const blog = await visit("/blog");
    expect(blog.cache).toBeNull();
    // Newest first: the new post before the 2025 article.
    expect(blog.text.indexOf("Acoustic ceilings for open-plan offices")).toBeLessThan(
      blog.text.indexOf("Shop Ceiling Trends for Irish Retailers"),
    );
    expect((await visit("/sitemap.xml")).text).toContain(`<loc>${SITE}/blog/acoustic-ceilings</loc>`);

    // Back to draft: gone again.
    expect((await api("PUT", `/api/admin/posts/${id}`, post({ status: "draft" }))).status).toBe(200);
    expect((await visit("/blog/acoustic-ceilings")).status).toBe(404);
    expect((await api("DELETE", `/api/admin/posts/${id}`)).status).toBe(204);
    expect((await api("GET", `/api/admin/posts/${id}`)).status).toBe(404);
  });

  it("the RSS feed is valid RSS 2.0 with the required elements, newest first", async () => {
    const feed = await visit("/blog/rss.xml");
    expect(feed.status).toBe(200);
    expect(feed.type).toBe("application/rss+xml; charset=utf-8");
    const lint = spawnSync("xmllint", ["--noout", "-"], { input: feed.text, encoding: "utf8" });
    expect(lint.status, lint.stderr).toBe(0);
    expect(xpath(feed.text, "string(/rss/@version)")).toBe("2.0");
    expect(xpath(feed.text, "string(/rss/channel/title)")).toBe("IC Interiors Blog");
    expect(xpath(feed.text, "string(/rss/channel/link)")).toBe(`${SITE}/blog`);
    expect(xpath(feed.text, "string(/rss/channel/description)")).not.toBe("");
    expect(xpath(feed.text, "count(/rss/channel/item)")).toBe("1");
    expect(xpath(feed.text, "string(/rss/channel/item[1]/link)")).toBe(`${SITE}/blog/shop-ceiling-trends`);
    expect(new Date(xpath(feed.text, "string(/rss/channel/item[1]/pubDate)")).toISOString()).toBe(
      "2025-06-01T12:00:00.000Z",
    );
  });

  it("pages the blog ten posts at a time with ?page=N links, rel prev/next and canonical", async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const day = String(i).padStart(2, "0");
      const r = await api(
        "POST",
        "/api/admin/posts",
        post({
          title: `Ceiling note ${i}`,
          slug: `ceiling-note-${i}`,
          status: "published",
          publishedAt: `2026-01-${day}`,
        }),
      );
      expect(r.status).toBe(201);
      ids.push(r.body.id as number);
    }
    const first = await visit("/blog");
    expect(first.text).toContain(`<link rel="next" href="${SITE}/blog?page=2"`);
    expect(first.text).not.toContain('rel="prev"');
    expect(first.text).toContain("Ceiling note 11");
    expect(first.text).not.toContain("Ceiling note 1<");
    expect(first.text).toContain('href="/blog?page=2"');
    const second = await visit("/blog?page=2");
    expect(second.status).toBe(200);
    expect(second.text).toContain(`<link rel="canonical" href="${SITE}/blog?page=2"`);
    expect(second.text).toContain(`<link rel="prev" href="${SITE}/blog"`);
    expect(second.text).toContain("Ceiling note 1<");
    expect(second.text).toContain("Shop Ceiling Trends for Irish Retailers");
    expect((await visit("/blog?page=3")).status).toBe(404);
    expect((await visit("/blog?page=abc")).status).toBe(404);
    for (const id of ids) expect((await api("DELETE", `/api/admin/posts/${id}`)).status).toBe(204);
  });
});

describe("redirects", () => {
  it("serves a redirect (301 by default, 302 when not permanent) and keeps the visitor's query", async () => {
    const created = await api("POST", "/api/admin/redirects", { from: "/old-services/", to: "/partitions" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ from: "/old-services", to: "/partitions", permanent: true });
    expect(await visit("/old-services?utm_source=flyer")).toMatchObject({
      status: 301,
      location: "/partitions?utm_source=flyer",
    });
    const temporary = await api("POST", "/api/admin/redirects", {
      from: "/offer",
      to: "https://shop.example.com/ceilings",
      permanent: false,
    });
    expect(temporary.status).toBe(201);
    expect(await visit("/offer")).toMatchObject({ status: 302, location: "https://shop.example.com/ceilings" });

    const list = await api("GET", "/api/admin/redirects");
    expect(list.body.map((r: { from: string }) => r.from)).toEqual(expect.arrayContaining(["/offer", "/old-services"]));
    expect((await api("DELETE", `/api/admin/redirects/${temporary.body.id}`)).status).toBe(204);
    expect((await visit("/offer")).status).toBe(404);
    expect((await api("DELETE", `/api/admin/redirects/${temporary.body.id}`)).status).toBe(404);
  });

  it("refuses loops, direct or through a chain, naming the field", async () => {
    expect((await api("POST", "/api/admin/redirects", { from: "/loop-a", to: "/loop-a/" })).body.fieldErrors).toEqual({
      to: REDIRECT_MESSAGES.same,
    });
    expect((await api("POST", "/api/admin/redirects", { from: "/loop-a", to: "/loop-b" })).status).toBe(201);
    expect((await api("POST", "/api/admin/redirects", { from: "/loop-b", to: "/loop-c" })).status).toBe(201);
    const loop = await api("POST", "/api/admin/redirects", { from: "/loop-c", to: `${SITE}/loop-a` });
    expect(loop.status).toBe(400);
    expect(Object.keys(loop.body.fieldErrors)).toEqual(["to"]);
    expect(loop.body.fieldErrors.to).toMatch(/loop/);
    const taken = await api("POST", "/api/admin/redirects", { from: "/loop-a", to: "/gallery" });
    expect(taken.status).toBe(409);
    expect(taken.body.fieldErrors).toEqual({ from: REDIRECT_MESSAGES.taken });
  });

  it("refuses a redirect from a live page's address", async () => {
    for (const from of ["/about-us", "/About-Us", "/blog/shop-ceiling-trends", "/BLOG", "/sitemap.xml", "/"]) {
      const r = await api("POST", "/api/admin/redirects", { from, to: "/gallery" });
      expect(r.status, from).toBe(400);
      expect(r.body.fieldErrors, from).toEqual({ from: REDIRECT_MESSAGES.live });
    }
    const page = await api("POST", "/api/admin/pages", {
      title: "Fit-outs",
      slug: "fit-outs",
      content: "We fit out shops and offices.",
    });
    expect(page.status).toBe(201);
    expect((await api("POST", "/api/admin/redirects", { from: "/fit-outs", to: "/gallery" })).body.fieldErrors).toEqual(
      { from: REDIRECT_MESSAGES.live },
    );
    expect((await api("DELETE", `/api/admin/pages/${page.body.id}`)).status).toBe(204);
  });

  it("refuses a redirect from an address the site answers itself, in any letter case, naming it", async () => {
    const cases: Array<[string, string]> = [
      ["/favicon.svg", "a file the site serves"],
      ["/favicon.ico", "a file the site serves"],
      ["/Favicon.ICO", "a file the site serves"],
      ["/images/hero.svg", "a file the site serves"],
      ["/readyz", "the readiness check"],
      ["/healthz", "the health check"],
      ["/metrics", "the metrics endpoint"],
      ["/.well-known/security.txt", "files for browsers and other services"],
      ["/Admin", "the staff area"],
      ["/admin/pages", "the staff area"],
      ["/administrator", "the staff area"],
      ["/API/x", "the site's API"],
      ["/api", "the site's API"],
      ["/uploads/abc-400.jpg", "uploaded images"],
      ["/assets/entry.client.js", "the site's scripts and styles"],
      ["/q/abc", "a link the site makes"],
      ["/Booking/123", "a link the site makes"],
    ];
    for (const [from, what] of cases) {
      const r = await api("POST", "/api/admin/redirects", { from, to: "/gallery" });
      expect(r.status, from).toBe(400);
      expect(r.body.fieldErrors, from).toEqual({ from: REDIRECT_MESSAGES.own(from, what) });
      expect(r.body.fieldErrors.from, from).toContain(from);
    }
    // Addresses near those are not the site's own: they can be redirected.
    for (const from of ["/favicon", "/images-old", "/metrics-2024", "/quotes/old"]) {
      const r = await api("POST", "/api/admin/redirects", { from, to: "/gallery" });
      expect(r.status, from).toBe(201);
      expect((await api("DELETE", `/api/admin/redirects/${r.body.id}`)).status).toBe(204);
    }
  });

  it("a post's new slug leaves a permanent redirect from the old address, and redirects to it follow", async () => {
    const created = await api("POST", "/api/admin/posts", post({ slug: "grid-guide", status: "published" }));
    expect(created.status).toBe(201);
    expect(
      (await api("POST", "/api/admin/redirects", { from: "/ceiling-grid-guide", to: "/blog/grid-guide" })).status,
    ).toBe(201);
    const renamed = await api(
      "PUT",
      `/api/admin/posts/${created.body.id}`,
      post({ slug: "grid-guide-2026", status: "published" }),
    );
    expect(renamed.status).toBe(200);
    expect(await visit("/blog/grid-guide")).toMatchObject({ status: 301, location: "/blog/grid-guide-2026" });
    // No chain: the older redirect now points straight at the new address.
    expect(await visit("/ceiling-grid-guide")).toMatchObject({ status: 301, location: "/blog/grid-guide-2026" });
    expect((await visit("/blog/grid-guide-2026")).status).toBe(200);

    // Renamed back: the new address is live again, so its redirect goes and the other way round is added.
    expect(
      (await api("PUT", `/api/admin/posts/${created.body.id}`, post({ slug: "grid-guide", status: "published" })))
        .status,
    ).toBe(200);
    expect((await visit("/blog/grid-guide")).status).toBe(200);
    expect(await visit("/blog/grid-guide-2026")).toMatchObject({ status: 301, location: "/blog/grid-guide" });
    expect((await api("DELETE", `/api/admin/posts/${created.body.id}`)).status).toBe(204);
  });
});

describe("a staff page's new slug", () => {
  it("leaves a permanent redirect from its old address; a new page at a redirected address replaces the redirect", async () => {
    const page = await api("POST", "/api/admin/pages", {
      title: "Shopfitting",
      slug: "shopfitting",
      content: "We fit out shops.",
    });
    expect(page.status).toBe(201);
    const moved = await api("PUT", `/api/admin/pages/${page.body.id}`, {
      title: "Shopfitting",
      slug: "shop-fit-outs",
      content: "We fit out shops.",
    });
    expect(moved.status).toBe(200);
    expect(await visit("/shopfitting")).toMatchObject({ status: 301, location: "/shop-fit-outs" });
    expect((await visit("/shop-fit-outs")).status).toBe(200);

    // Staff make a new page at the old address: it is live, so the redirect goes.
    const again = await api("POST", "/api/admin/pages", {
      title: "Shopfitting",
      slug: "shopfitting",
      content: "Our shopfitting team.",
    });
    expect(again.status).toBe(201);
    expect((await visit("/shopfitting")).status).toBe(200);
    for (const id of [page.body.id, again.body.id])
      expect((await api("DELETE", `/api/admin/pages/${id}`)).status).toBe(204);
  });
});

describe("the 404 log", () => {
  it("counts visitors' missing pages with the referrer, leaves out robots and files, most hits first", async () => {
    for (let i = 0; i < 3; i++)
      expect((await visit("/old-price-list", { referer: "https://forum.example/thread?id=7" })).status).toBe(404);
    await visit("/old-brochure");
    await visit("/googlebot-only", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" });
    await visit("/wp-login.php");
    await visit("/images/missing.png");
    const log = await api("GET", "/api/admin/not-found");
    expect(log.status).toBe(200);
    const paths = log.body.map((r: { path: string }) => r.path);
    expect(log.body[0]).toMatchObject({ path: "/old-price-list", hits: 3, referrer: "https://forum.example/thread" });
    expect(log.body).toContainEqual(expect.objectContaining({ path: "/old-brochure", hits: 1, referrer: null }));
    for (const left of ["/googlebot-only", "/wp-login.php", "/images/missing.png"]) expect(paths).not.toContain(left);

    // Redirecting an address takes it off the list.
    expect((await api("POST", "/api/admin/redirects", { from: "/old-price-list", to: "/contact-us" })).status).toBe(
      201,
    );
    expect((await api("GET", "/api/admin/not-found")).body.map((r: { path: string }) => r.path)).not.toContain(
      "/old-price-list",
    );
    expect((await visit("/old-price-list")).status).toBe(301);
  });

  it("is bounded: beyond its cap the least recently seen paths go", async () => {
    // A clock a second apart per hit: the order must not depend on two hits landing in one millisecond.
    let clock = Date.now() - 60_000;
    const log = createNotFoundLog({
      db: () => t.database.db,
      logger: pino({ level: "silent" }),
      maxRows: 5,
      now: () => new Date((clock += 1000)),
    });
    await t.database.db.delete(notFoundLog);
    for (let i = 1; i <= 8; i++) {
      log.record(`/gone-${i}`, null);
      await log.flush();
    }
    const rows = await t.database.db.select({ path: notFoundLog.path }).from(notFoundLog);
    expect(rows.map((r) => r.path).sort()).toEqual(["/gone-4", "/gone-5", "/gone-6", "/gone-7", "/gone-8"]);
  });
});
