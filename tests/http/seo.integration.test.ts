import { spawnSync } from "node:child_process";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faqs, pages, projects } from "~/db/schema";
import { seedDemoContent } from "~/features/demo/seed.server";
import { getEnv } from "~/env.server";
import { publicPages } from "~/features/seo/public-pages";
import { DEFAULT_PRICE_LIST } from "~/features/estimate/price-list";
import { fillPrices } from "~/features/estimate/price-text";
import { serveBuiltApp } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Search-engine view of the public site, over HTTP against the production build (npm run build).

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
const siteUrl = getEnv().SITE_URL;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.database.db);
  site = await serveBuiltApp(t.database);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const get = (p: string) => fetch(`${site.origin}${p}`, { redirect: "manual" });
const html = async (p: string) => {
  const res = await get(p);
  expect(res.status, p).toBe(200);
  return res.text();
};

const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function head(doc: string) {
  return {
    titles: [...doc.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!)),
    descriptions: [...doc.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => decode(m[1]!)),
    canonicals: [...doc.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => decode(m[1]!)),
  };
}

function jsonLd(doc: string): Array<Record<string, unknown>> {
  return [...doc.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

/** The HTML pages: every public page, plus /contact, which shows the contact page. */
const htmlPages = publicPages.map((p) => p.path);

describe("every public page", () => {
  it("answers 200 with one h1, a title, a description and a canonical link", async () => {
    for (const p of htmlPages) {
      const doc = await html(p);
      const { titles, descriptions, canonicals } = head(doc);
      expect(titles, p).toHaveLength(1);
      expect(titles[0]!.length, p).toBeGreaterThan(5);
      expect(descriptions, p).toHaveLength(1);
      expect(descriptions[0]!.length, p).toBeGreaterThan(50);
      expect(canonicals, p).toHaveLength(1);
      const canonicalPath = p === "/contact" ? "/contact-us" : p;
      expect(canonicals[0], p).toBe(`${siteUrl}${canonicalPath}`);
      expect(doc.match(/<h1[\s>]/g), `${p} has one h1`).toHaveLength(1);
    }
  });

  it("has a title and description of its own (the two contact addresses are one page)", async () => {
    const seen = new Map<string, string>();
    const seenDescriptions = new Map<string, string>();
    for (const p of htmlPages.filter((p) => p !== "/contact")) {
      const { titles, descriptions } = head(await html(p));
      expect(seen.get(titles[0]!), `${p} repeats the title of ${seen.get(titles[0]!)}`).toBeUndefined();
      expect(seenDescriptions.get(descriptions[0]!), `${p} repeats a description`).toBeUndefined();
      seen.set(titles[0]!, p);
      seenDescriptions.set(descriptions[0]!, p);
    }
  });

  it("sizes and describes every image (alt may be empty only for decoration)", async () => {
    for (const p of htmlPages) {
      const imgs = (await html(p)).match(/<img\b[^>]*>/g) ?? [];
      for (const img of imgs) {
        expect(img, p).toMatch(/\swidth="\d+"/);
        expect(img, p).toMatch(/\sheight="\d+"/);
        expect(img, p).toMatch(/\salt="[^"]*"/);
      }
    }
  });

  it("ends its content with a link to the contact page", async () => {
    for (const p of htmlPages.filter((p) => !p.startsWith("/contact"))) {
      const doc = await html(p);
      const main = doc.slice(doc.indexOf("<main"), doc.indexOf("</main>"));
      const lastThird = main.slice(Math.floor((main.length * 2) / 3));
      expect(lastThird, p).toMatch(/href="\/contact-us(\?service=[^"]+)?"/);
    }
  });
});

describe("titles and descriptions come from the pages table on every request", () => {
  it("changing a row's metaTitle changes the next response", async () => {
    const before = head(await html("/partitions")).titles[0];
    await t.database.db
      .update(pages)
      .set({ metaTitle: "Partitions & Glass Screens | Test" })
      .where(eq(pages.slug, "partitions"));
    try {
      expect(head(await html("/partitions")).titles).toEqual(["Partitions & Glass Screens | Test"]);
    } finally {
      await t.database.db.update(pages).set({ metaTitle: before! }).where(eq(pages.slug, "partitions"));
    }
    expect(head(await html("/partitions")).titles).toEqual([before]);
  });

  it("falls back to the title and description columns, then to the page's own wording", async () => {
    const [row] = await t.database.db.select().from(pages).where(eq(pages.slug, "about-us"));
    await t.database.db.update(pages).set({ metaTitle: null, metaDescription: "" }).where(eq(pages.slug, "about-us"));
    try {
      const { titles, descriptions } = head(await html("/about-us"));
      expect(titles).toEqual([row!.title]);
      // The seeded column names the business with {name}: filled in, as everywhere.
      expect(descriptions).toEqual([row!.description!.replace("{name}", "IC Interiors")]);
    } finally {
      await t.database.db
        .update(pages)
        .set({ metaTitle: row!.metaTitle, metaDescription: row!.metaDescription })
        .where(eq(pages.slug, "about-us"));
    }
    // No "blog" row in the demo content: the index page uses its own wording.
    expect(head(await html("/blog")).titles[0]).toMatch(/^Blog: Ceiling and Partition Advice \| /);
  });
});

describe("/sitemap.xml", () => {
  it("is valid against the sitemaps.org 0.9 schema (with the image extension)", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    const lint = spawnSync(
      "xmllint",
      ["--noout", "--schema", path.resolve("tests/support/sitemap-with-images.xsd"), "-"],
      {
        input: xml,
        encoding: "utf8",
      },
    );
    expect(lint.error, "xmllint must be installed (apt-get install -y libxml2-utils)").toBeUndefined();
    expect(lint.stderr.trim()).toBe("- validates");
    expect(lint.status).toBe(0);
  });

  it("lists the canonical public URLs with the spec's priorities", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    const entries = [
      ...xml.matchAll(
        /<url>\s*<loc>([^<]+)<\/loc>(?:\s*<lastmod>[^<]+<\/lastmod>)?\s*<priority>([^<]+)<\/priority>\s*<\/url>/g,
      ),
    ].map((m) => [m[1]!.slice(siteUrl.length), m[2]] as const);
    expect(Object.fromEntries(entries)).toEqual({
      "/": "1.0",
      "/partitions": "0.9",
      "/suspended-ceilings": "0.9",
      "/shop-ceiling": "0.9",
      "/shop-ceiling-specialists": "0.9",
      "/ceiling-repair": "0.8",
      "/about-us": "0.7",
      "/gallery": "0.7",
      "/contact-us": "0.8",
      "/blog/shop-ceiling-trends": "0.6",
      "/blog": "0.5",
      "/privacy-policy": "0.3",
      "/estimate": "0.8",
      "/book": "0.8",
      // The demo's three published Dublin projects give Dublin its area page (issue 39), and the
      // projects' index is listed; the projects' own entries carry their images, listed in
      // app/features/projects' tests.
      "/projects": "0.6",
      "/areas/dublin": "0.6",
    });
    for (const [p] of entries) expect((await get(p)).status, p).toBe(200);
  });

  it("takes lastmod from the page row's updatedAt", async () => {
    const when = new Date("2025-06-01T08:00:00Z");
    await t.database.db.update(pages).set({ updatedAt: when }).where(eq(pages.slug, "gallery"));
    const xml = await (await get("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>${siteUrl}/gallery</loc>\n    <lastmod>2025-06-01T08:00:00+00:00</lastmod>`);
  });
});

describe("/robots.txt", () => {
  it("allows the public site, keeps crawlers out of the admin area and the API, and names the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toBe(
      `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
    );
  });
});

describe("structured data", () => {
  it("the specialists page's FAQPage matches the seven shop-ceiling FAQ rows it shows, in order", async () => {
    const stored = await t.database.db
      .select({ question: faqs.question, answer: faqs.answer })
      .from(faqs)
      .where(eq(faqs.category, "shop-ceilings"))
      .orderBy(asc(faqs.displayOrder), asc(faqs.id));
    // Answers as visitors read them: {price:…} filled from the price table (the seed's here).
    const rows = stored.map((r) => ({ ...r, answer: fillPrices(r.answer, DEFAULT_PRICE_LIST) }));
    expect(rows).toHaveLength(7);
    const doc = await html("/shop-ceiling-specialists");
    const faqPage = jsonLd(doc).find((d) => d["@type"] === "FAQPage") as {
      mainEntity: Array<{ name: string; acceptedAnswer: { text: string } }>;
    };
    expect(faqPage).toBeDefined();
    expect(faqPage.mainEntity.map((q) => ({ question: q.name, answer: q.acceptedAnswer.text }))).toEqual(rows);
    const shown = [...doc.matchAll(/<summary[^>]*><h3>([^<]*)<\/h3>/g)].map((m) => decode(m[1]!));
    expect(shown).toEqual(rows.map((r) => r.question));
    for (const r of rows) expect(decode(doc)).toContain(r.answer);
  });

  it("the specialists page shows three shop and salon projects and three retail testimonials", async () => {
    const doc = decode(await html("/shop-ceiling-specialists"));
    for (const title of [
      "Boutique shop ceiling off Grafton Street",
      "Hair salon ceiling and fit-out in Ranelagh",
      "Pharmacy ceiling refit in Swords",
    ]) {
      expect(doc).toContain(title);
    }
    for (const name of ["Aoife Brennan", "Declan Moran", "Sinéad Kavanagh"]) expect(doc).toContain(name);
    expect(doc).not.toContain("Ciarán O'Rourke");
    expect(doc).toContain('href="/contact-us?service=Shop%20Ceiling%20Installation"');
  });

  it("the home page describes the business as a GeneralContractor with service area, reviews and the sample rating", async () => {
    const doc = await html("/");
    const business = jsonLd(doc).find((d) => d["@type"] === "GeneralContractor") as Record<string, any>;
    expect(business).toBeDefined();
    expect(business.url).toBe(`${siteUrl}/`);
    // A fresh install's sample rating, the spec's 4.9 from 47 (removed with the demo content).
    expect(business.aggregateRating).toMatchObject({ ratingValue: 4.9, reviewCount: 47 });
    expect(business.areaServed).toMatchObject({ "@type": "GeoCircle", geoRadius: 50000 });
    expect(business.review.length).toBeGreaterThan(0);
    for (const review of business.review) {
      expect(review.author["@type"]).toBe("Person");
      expect(decode(doc)).toContain(review.reviewBody);
    }
  });

  it("the blog post is a BlogPosting by the company, published 1 June 2025", async () => {
    const article = jsonLd(await html("/blog/shop-ceiling-trends")).find((d) => d["@type"] === "BlogPosting") as Record<
      string,
      any
    >;
    expect(article).toMatchObject({
      headline: "Shop Ceiling Trends for Irish Retailers",
      datePublished: "2025-06-01T12:00:00.000Z",
      author: { "@type": "Organization", name: "IC Interiors" },
      publisher: { "@type": "Organization", name: "IC Interiors" },
    });
  });
});

describe("gallery filters without JavaScript", () => {
  const shownTitles = (doc: string) =>
    [...doc.matchAll(/<a [^>]*href="\/projects\/[^"]+"[^>]*>([^<]*)<\/a>/g)].map((m) => decode(m[1]!));
  const currentTab = (doc: string) =>
    [...doc.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]).filter((l) => l !== "Gallery");

  it("shows all 12 projects by default, with All Projects as the current tab", async () => {
    const doc = await html("/gallery");
    expect(shownTitles(doc)).toHaveLength(12);
    expect(currentTab(doc)).toEqual(["All Projects"]);
  });

  it("filters by ?category=, folding salons into Shop Ceilings and commercial work into Suspended Ceilings", async () => {
    const shop = await html("/gallery?category=shop-ceilings");
    expect(shownTitles(shop)).toEqual([
      "Boutique shop ceiling off Grafton Street",
      "Hair salon ceiling and fit-out in Ranelagh",
      "Pharmacy ceiling refit in Swords",
    ]);
    expect(currentTab(shop)).toEqual(["Shop Ceilings"]);

    const [inserted] = await t.database.db
      .insert(projects)
      .values({
        title: "Commercial unit ceiling in Citywest",
        description: "A test project.",
        imageSrc: "/images/hero.svg",
        altText: "Test",
        category: "commercial",
        displayOrder: 99,
        status: "published",
      })
      .returning({ id: projects.id });
    try {
      const ceilings = shownTitles(await html("/gallery?category=suspended-ceilings"));
      expect(ceilings).toContain("Commercial unit ceiling in Citywest");
      expect(ceilings).toHaveLength(4);
    } finally {
      await t.database.db.delete(projects).where(eq(projects.id, inserted!.id));
    }

    for (const [category, label] of [
      ["partitions", "Partitions"],
      ["repairs", "Repairs"],
    ] as const) {
      const doc = await html(`/gallery?category=${category}`);
      expect(shownTitles(doc), category).toHaveLength(3);
      expect(currentTab(doc)).toEqual([label]);
    }
  });

  it("treats an unknown category as All Projects", async () => {
    const doc = await html("/gallery?category=not-a-category");
    expect(shownTitles(doc)).toHaveLength(12);
    expect(currentTab(doc)).toEqual(["All Projects"]);
    expect(head(doc).canonicals).toEqual([`${siteUrl}/gallery`]);
  });
});
