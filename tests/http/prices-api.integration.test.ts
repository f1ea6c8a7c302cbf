import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { DEFAULT_PRICE_LIST } from "~/features/estimate/price-list";
import { callApi, serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Issue 24: GET /api/prices, the public read of the price table the chat assistant answers from.
// On the built server, both databases.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;
const PASSWORD = "Suspended-Grid-42";

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.insert(users).values({ username: "aisling", password: await hashPassword(PASSWORD) });
  site = await serveBuiltApp(t.database);
  cookie = await signIn(site.origin, "aisling", PASSWORD);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

describe("GET /api/prices", () => {
  it("answers the table /estimate uses, to anyone, cacheable with an ETag", async () => {
    const res = await callApi(site.origin, "GET", "/api/prices");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: DEFAULT_PRICE_LIST.items,
      minimumChargeEur: DEFAULT_PRICE_LIST.minimumChargeEur,
    });
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    const etag = res.headers.get("etag")!;
    expect(etag).toBeTruthy();
    // As a browser revalidates (fetch() itself would add "Cache-Control: no-cache" and skip the ETag).
    const again = await fetch(`${site.origin}/api/prices`, {
      headers: { "if-none-match": etag, "cache-control": "max-age=0" },
    });
    expect(again.status).toBe(304);
  });

  it("answers staff's changes at once", async () => {
    const items = DEFAULT_PRICE_LIST.items.map((i) =>
      i.key === "glass-partition" ? { ...i, low: 275, high: 495 } : i,
    );
    const saved = await callApi(
      site.origin,
      "PUT",
      "/api/admin/pricing",
      { ...DEFAULT_PRICE_LIST, items, minimumChargeEur: 450 },
      { cookie },
    );
    expect(saved.status).toBe(200);
    const res = await callApi(site.origin, "GET", "/api/prices");
    expect(res.body).toEqual({ items, minimumChargeEur: 450 });
  });

  it("is read-only", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const res = await callApi(site.origin, method, "/api/prices", {}, { origin: site.origin });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
      expect(res.body).toEqual({ message: "Use GET to read the price table." });
    }
  });
});
