import { describe, expect, it } from "vitest";
import { publicPages } from "./public-pages";
import { buildRobotsTxt, buildSitemapXml, sitemapEntries, w3cDatetime } from "./sitemap";

const SITE = "https://www.example.ie";

describe("buildSitemapXml", () => {
  // The first post as the posts table gives it (published posts only), dated by its last change.
  const xml = buildSitemapXml(
    sitemapEntries([], [{ slug: "shop-ceiling-trends", updatedAt: new Date("2025-06-02T08:00:00Z") }]),
    SITE,
    new Map([["partitions", new Date("2025-06-01T09:30:15.123Z")]]),
  );
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

  it("is a sitemaps.org 0.9 urlset", () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
      ),
    ).toBe(true);
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("lists absolute canonical URLs only: not /contact or the HTML sitemap", () => {
    expect(locs).toContain(`${SITE}/`);
    expect(locs).toContain(`${SITE}/contact-us`);
    expect(locs).toContain(`${SITE}/blog/shop-ceiling-trends`);
    expect(locs).not.toContain(`${SITE}/contact`);
    expect(locs).not.toContain(`${SITE}/sitemap-display.html`);
    expect(locs.every((l) => l!.startsWith(`${SITE}/`))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it("gives the spec's priorities", () => {
    const priority = (path: string) =>
      new RegExp(`<loc>${SITE}${path}</loc>(?:\\s*<lastmod>[^<]+</lastmod>)?\\s*<priority>([^<]+)</priority>`).exec(
        xml,
      )?.[1];
    expect(priority("/")).toBe("1.0");
    for (const p of ["/partitions", "/suspended-ceilings", "/shop-ceiling", "/shop-ceiling-specialists"])
      expect(priority(p)).toBe("0.9");
    expect(priority("/ceiling-repair")).toBe("0.8");
    expect(priority("/contact-us")).toBe("0.8");
    expect(priority("/about-us")).toBe("0.7");
    expect(priority("/gallery")).toBe("0.7");
    expect(priority("/blog/shop-ceiling-trends")).toBe("0.6");
  });

  it("adds lastmod only where the page or post has a row, as a W3C datetime", () => {
    expect(xml).toContain(`<loc>${SITE}/partitions</loc>\n    <lastmod>2025-06-01T09:30:15+00:00</lastmod>`);
    expect(xml).toContain(
      `<loc>${SITE}/blog/shop-ceiling-trends</loc>\n    <lastmod>2025-06-02T08:00:00+00:00</lastmod>`,
    );
    expect(xml.match(/<lastmod>/g)).toHaveLength(2);
  });

  it("lists blog posts only as the posts table gives them (a draft or deleted post is not passed)", () => {
    const withoutPosts = buildSitemapXml(sitemapEntries([{ slug: "fit-outs" }], []), SITE, new Map());
    expect(withoutPosts).not.toContain("/blog/shop-ceiling-trends");
    expect(withoutPosts).toContain(`<loc>${SITE}/fit-outs</loc>`);
  });

  it("escapes XML special characters and tolerates a trailing slash on the site URL", () => {
    const odd = buildSitemapXml(
      [{ path: "/a?b=1&c=<2>", slug: null, priority: 0.5, inXmlSitemap: true }],
      `${SITE}/`,
      new Map(),
    );
    expect(odd).toContain(`<loc>${SITE}/a?b=1&amp;c=&lt;2&gt;</loc>`);
  });

  it("formats dates without milliseconds", () => {
    expect(w3cDatetime(new Date("2026-01-02T03:04:05.678Z"))).toBe("2026-01-02T03:04:05+00:00");
  });
});

describe("buildRobotsTxt", () => {
  it("allows everything but the admin area and the API, and names the sitemap", () => {
    expect(buildRobotsTxt(`${SITE}/`)).toBe(
      ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api", "", `Sitemap: ${SITE}/sitemap.xml`, ""].join(
        "\n",
      ),
    );
  });
});

describe("publicPages", () => {
  it("matches the spec's sitemap page: 11 public pages, 5 service pages, 2 contact routes, 1 blog post", () => {
    const listed = publicPages.filter((p) => p.inSpecList);
    expect(listed).toHaveLength(11);
    expect(listed.filter((p) => p.group === "services")).toHaveLength(5);
    expect(listed.filter((p) => p.group === "contact").map((p) => p.path)).toEqual(["/contact-us", "/contact"]);
    expect(listed.filter((p) => p.group === "blog").map((p) => p.path)).toEqual(["/blog/shop-ceiling-trends"]);
    expect(listed.find((p) => p.path === "/contact")?.priority).toBe(0.8);
  });
});
