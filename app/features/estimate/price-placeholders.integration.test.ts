import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faqs, pages, posts, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { seedDemoContent, seedFirstPost } from "~/features/demo/seed.server";
import { callApi, serveBuiltApp, signIn } from "../../../tests/support/built-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensurePriceList } from "./pricing.server";
import { UNKNOWN_PRICE_PUBLIC } from "./price-text";

// Issue 27 item 4 on the built server (page cache on): the seeded copy states prices through
// {price:…} placeholders, so a price changed in the table is the figure on every page at the
// next request; an unknown item never shows a visitor code or an invented figure.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;
const PASSWORD = "Vector-Edge-2026";

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.database.db);
  await seedFirstPost(t.database.db);
  await ensurePriceList(t.database.db);
  await t.database.db.insert(users).values({ username: "cormac", password: await hashPassword(PASSWORD) });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  cookie = await signIn(site.origin, "cormac", PASSWORD);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const api = (method: string, path: string, body?: unknown) => callApi(site.origin, method, path, body, { cookie });
async function visit(path: string) {
  const res = await fetch(`${site.origin}${path}`);
  return {
    status: res.status,
    cache: res.headers.get("x-page-cache"),
    html: (await res.text()).replaceAll("<!-- -->", ""),
  };
}

// Each page with the price it quotes: the shop ceiling pages the shop ceiling's own item, which
// the estimate and the chat price a shop ceiling from (issue 35 item 8).
const PAGES_WITH_PRICES = [
  { path: "/", before: "€30 to €60 per m²", after: "€34 to €65 per m²" },
  { path: "/suspended-ceilings", before: "€30 to €60 per m²", after: "€34 to €65 per m²" },
  { path: "/shop-ceiling", before: "€45 to €95 per m²", after: "€48 to €99 per m²" },
  { path: "/shop-ceiling-specialists", before: "€45 to €95 per m²", after: "€48 to €99 per m²" },
  { path: "/blog/shop-ceiling-trends", before: "€30 to €60 per m²", after: "€34 to €65 per m²" },
];

describe("price placeholders", () => {
  it("show the table's figures on every page that states a price, and the new figure after a change", async () => {
    for (const { path, before } of PAGES_WITH_PRICES) {
      const page = await visit(path);
      expect(page.status, path).toBe(200);
      expect(page.html, path).toContain(before);
      expect(page.html, path).not.toContain("{price:");
    }
    // The shop ceiling page quotes the shop ceiling, not the general suspended ceiling items.
    expect((await visit("/shop-ceiling")).html).not.toMatch(/€30 to €60 per m²|€60 to €120 per m²/);
    // Cached now: the second request is a hit.
    expect((await visit("/suspended-ceilings")).cache).toBe("hit");

    const table = (await api("GET", "/api/admin/pricing")).body;
    const changed: Record<string, { low: number; high: number }> = {
      "basic-suspended-ceiling": { low: 34, high: 65 },
      "shop-ceiling": { low: 48, high: 99 },
    };
    const items = table.items.map((i: { key: string }) => ({ ...i, ...changed[i.key] }));
    const saved = await api("PUT", "/api/admin/pricing", { ...table, items, updatedAt: undefined });
    expect(saved.status).toBe(200);

    for (const { path, before, after } of PAGES_WITH_PRICES) {
      const page = await visit(path);
      expect(page.html, path).toContain(after);
      expect(page.html, path).not.toContain(before);
    }
    // The shop ceiling specialists' FAQ answers (plain rows) and the feed follow the table too.
    const [faq] = await t.database.db.select().from(faqs).where(eq(faqs.category, "shop-ceilings")).limit(1);
    await t.database.db
      .update(faqs)
      .set({ answer: "Shop ceilings cost {price:shop-ceiling}, fitted." })
      .where(eq(faqs.id, faq!.id));
    expect((await visit("/shop-ceiling-specialists")).html).toContain("Shop ceilings cost €48 to €99 per m², fitted.");
    expect((await visit("/blog/rss.xml")).html).toContain("€34 to €65 per m²");
  });

  it("renders an unknown item safely for visitors and loudly in the staff preview", async () => {
    const db = t.database.db;
    const [post] = await db.select().from(posts).limit(1);
    await db
      .update(posts)
      .set({ content: `${post!.content}\n\nGlass walls cost {price:glass-wall}.` })
      .where(eq(posts.id, post!.id));
    const page = await visit("/blog/shop-ceiling-trends");
    expect(page.html).toContain(`Glass walls cost ${UNKNOWN_PRICE_PUBLIC}.`);
    expect(page.html).not.toContain("glass-wall");

    const preview = await api("POST", "/api/admin/markdown/preview", {
      markdown: "Glass walls cost {price:glass-wall}; partitions {price:drywall-partition}.",
    });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('[no price item "glass-wall" in the price table]');
    expect(preview.body.html).toContain("partitions €45 to €85 per m².");

    // A page's meta description fills its placeholder too (search results show the figure).
    await db
      .update(pages)
      .set({ metaDescription: "Ceilings from about {price:basic-suspended-ceiling:from}." })
      .where(eq(pages.slug, "suspended-ceilings"));
    expect((await visit("/suspended-ceilings")).html).toContain('content="Ceilings from about €34 per m²."');
  });
});
