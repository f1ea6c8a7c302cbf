import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contactSubmissions, rateLimits, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { issueFormToken } from "~/features/leads/form-token.server";
import { readEstimateId } from "~/features/estimate/estimate-token.server";
import { DEFAULT_PRICE_LIST } from "~/features/estimate/price-list";
import { callApi, serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Issue 17: POST /api/estimate, the price table's admin API, the /estimate page with and without
// JavaScript, and an estimate becoming part of a lead. On the built server, both databases.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;
const PASSWORD = "Suspended-Grid-42";

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.insert(users).values({ username: "aisling", password: await hashPassword(PASSWORD) });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  cookie = await signIn(site.origin, "aisling", PASSWORD);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  callApi(site.origin, method, path, body, headers);
const estimate = (body: unknown) => call("POST", "/api/estimate", body);
const admin = (method: string, path: string, body?: unknown) => call(method, path, body, { cookie });

describe("POST /api/estimate", () => {
  it("answers the range, the service-area check and the lines, with an opaque signed id", async () => {
    const res = await estimate({ item: "basic-suspended-ceiling", quantity: 120, location: "W91 X2F3" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toMatchObject({
      lowEur: 3600,
      highEur: 7200,
      currency: "EUR",
      inServiceArea: true,
      distanceKm: expect.closeTo(31, 0),
      place: { label: "Naas (W91)", routingKey: "W91" },
      hint: null,
    });
    expect(res.body.lines).toEqual([
      { label: expect.stringContaining("120 m² at €30–€60 per m²"), lowEur: 3600, highEur: 7200 },
      { label: "Total, rounded to the nearest €10", lowEur: 3600, highEur: 7200 },
    ]);
    expect(readEstimateId(site.services.appSecret, res.body.id)).toMatchObject({
      item: "basic-suspended-ceiling",
      quantity: 120,
      lowEur: 3600,
      highEur: 7200,
      inServiceArea: true,
      location: "W91 X2F3",
    });
  });

  it("places D02 and A98 inside, T12 and H91 outside, and an unknown place nowhere (never an error)", async () => {
    const area = async (location: string) => {
      const res = await estimate({ item: "glass-partition", quantity: 10, location });
      expect(res.status).toBe(200);
      return res.body as { inServiceArea: boolean | null; hint: string | null };
    };
    expect((await area("D02")).inServiceArea).toBe(true);
    expect((await area("A98")).inServiceArea).toBe(true);
    expect((await area("T12")).inServiceArea).toBe(false);
    expect((await area("H91")).inServiceArea).toBe(false);
    expect(await area("Narnia")).toMatchObject({ inServiceArea: null, hint: expect.stringContaining("Narnia") });
  });

  it("prices options and the minimum charge", async () => {
    const res = await estimate({
      item: "basic-suspended-ceiling",
      quantity: 100,
      options: ["high-ceiling", "remove-old-ceiling"],
    });
    expect([res.body.lowEur, res.body.highEur]).toEqual([4250, 7700]);
    const small = await estimate({ item: "ceiling-tile-replacement", quantity: 2 });
    expect([small.body.lowEur, small.body.highEur]).toEqual([400, 400]);
    expect(small.body.lines.at(-1).label).toBe("Minimum job charge of €400");
  });

  it.each([
    [{ item: "gold-ceiling", quantity: 10 }, "item", /^Unknown item "gold-ceiling"/],
    [{ item: "glass-partition", quantity: 10, options: ["jacuzzi"] }, "options", /^Unknown option "jacuzzi"/],
    [{ item: "glass-partition", quantity: 0 }, "quantity", "The size (quantity) must be more than 0."],
    [{ item: "glass-partition", quantity: 20_001 }, "quantity", /at most 20,000/],
    [{ item: "glass-partition", quantity: "a lot" }, "quantity", "The size (quantity) must be a number."],
  ])("%j → 400 naming %s", async (body, field, message) => {
    const res = await estimate(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(res.body.fieldErrors[field]).toMatch(message);
  });

  it("answers other bodies and methods in the API's error shape", async () => {
    expect((await estimate([1, 2])).body).toEqual({
      message: "Send a JSON object: { item, quantity, location?, options? }.",
    });
    const form = await fetch(`${site.origin}/api/estimate`, { method: "POST", body: "item=x" });
    expect(form.status).toBe(415);
    const get = await call("GET", "/api/estimate");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });
});

describe("the estimate rate limit", () => {
  it("is counted per client IP from env (× RATE_LIMIT_FACTOR), with Retry-After", async () => {
    // On PostgreSQL the counters are shared in the database: start from none.
    await t.database.db.delete(rateLimits);
    const limited = await serveBuiltApp(t.database, {
      env: { ESTIMATE_RATE_LIMIT_POINTS: "2", RATE_LIMIT_FACTOR: "1" },
    });
    try {
      const ask = () =>
        fetch(`${limited.origin}/api/estimate`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ item: "glass-partition", quantity: 5 }),
        });
      expect((await ask()).status).toBe(200);
      expect((await ask()).status).toBe(200);
      const refused = await ask();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many estimates/);
    } finally {
      await limited.close();
    }
  });
});

describe("/api/admin/pricing", () => {
  it("is for signed-in staff only", async () => {
    expect((await call("GET", "/api/admin/pricing")).status).toBe(401);
    expect((await call("PUT", "/api/admin/pricing", DEFAULT_PRICE_LIST)).status).toBe(401);
  });

  it("reads the seed table, refuses bad prices naming the field, and saves a good table (audit-logged)", async () => {
    const before = await admin("GET", "/api/admin/pricing");
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      items: DEFAULT_PRICE_LIST.items,
      options: DEFAULT_PRICE_LIST.options,
      minimumChargeEur: 400,
    });

    const bad = structuredClone(DEFAULT_PRICE_LIST) as any;
    bad.items[1].low = 200;
    bad.items[1].high = 100;
    const refused = await admin("PUT", "/api/admin/pricing", bad);
    expect(refused.status).toBe(400);
    // Named in words: the item by its label, the field by its message (no paths, no status codes).
    expect(refused.body.message).toBe(
      "Please correct the highlighted prices: Custom or acoustic ceiling: Low price must not be more than the high price.",
    );
    expect(refused.body.fieldErrors).toEqual({ "items.1.low": "Low price must not be more than the high price" });
    for (const [path, value, message] of [
      ["items.0.high", "sixty", "High price must be a number"],
      ["items.0.low", -5, "Low price must not be negative"],
    ] as const) {
      const body = structuredClone(DEFAULT_PRICE_LIST) as any;
      body.items[0][path.split(".")[2]!] = value;
      const res = await admin("PUT", "/api/admin/pricing", body);
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors[path]).toBe(message);
    }
    expect((await admin("GET", "/api/admin/pricing")).body.items).toEqual(DEFAULT_PRICE_LIST.items);

    // The /estimate page is cached: load it twice so the second comes from the cache.
    await (await fetch(`${site.origin}/estimate`)).text();
    expect((await fetch(`${site.origin}/estimate`)).headers.get("x-page-cache")).toBe("hit");

    const next = structuredClone(DEFAULT_PRICE_LIST);
    next.items[0]!.low = 35;
    next.items[0]!.high = 65;
    next.minimumChargeEur = 500;
    const saved = await admin("PUT", "/api/admin/pricing", next);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ items: next.items, minimumChargeEur: 500 });

    const priced = await estimate({ item: "basic-suspended-ceiling", quantity: 120 });
    expect([priced.body.lowEur, priced.body.highEur]).toEqual([4200, 7800]);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "pricing.update"));
    expect(entry).toMatchObject({
      username: "aisling",
      summary:
        'Updated the price table (changed "Basic suspended ceiling (grid and mineral tiles)", changed minimum charge)',
    });
    // The page follows at once (the price table's trigger bumps the content version).
    const page = await (await fetch(`${site.origin}/estimate`)).text();
    expect(page).toContain("€35–€65 per m²");
    expect(page).toContain("€500");

    expect((await admin("PUT", "/api/admin/pricing", DEFAULT_PRICE_LIST)).status).toBe(200);
  });

  it("adds an item (its reference made from its label) and removes one, but not one the site needs", async () => {
    const added = await admin("PUT", "/api/admin/pricing", {
      ...DEFAULT_PRICE_LIST,
      items: [
        ...DEFAULT_PRICE_LIST.items,
        { service: "Partitions", label: "Demountable partition", unit: "m2", low: 90, high: 160 },
      ],
    });
    expect(added.status).toBe(200);
    expect(added.body.items.at(-1)).toMatchObject({ key: "demountable-partition", label: "Demountable partition" });
    expect((await estimate({ item: "demountable-partition", quantity: 10 })).status).toBe(200);

    const withoutGlass = added.body.items.filter((i: { key: string }) => i.key !== "glass-partition");
    const removed = await admin("PUT", "/api/admin/pricing", { ...added.body, items: withoutGlass });
    expect(removed.status).toBe(200);
    expect(removed.body.items.map((i: { key: string }) => i.key)).not.toContain("glass-partition");

    const withoutBasic = withoutGlass.filter((i: { key: string }) => i.key !== "basic-suspended-ceiling");
    const refused = await admin("PUT", "/api/admin/pricing", { ...added.body, items: withoutBasic });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "\"Basic suspended ceiling (grid and mineral tiles)\" cannot be removed. Needed: the Suspended Ceilings page's estimate button opens it, and the site's copy quotes its price.",
    );
    expect((await admin("GET", "/api/admin/pricing")).body.items.map((i: { key: string }) => i.key)).toContain(
      "basic-suspended-ceiling",
    );
    expect((await admin("PUT", "/api/admin/pricing", DEFAULT_PRICE_LIST)).status).toBe(200);
  });
});

describe("the /estimate page", () => {
  it("is a cached public page with its own title and description, in the sitemap", async () => {
    const res = await fetch(`${site.origin}/estimate?item=glass-partition`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/public/);
    const html = await res.text();
    expect(html).toContain("<title>Ceiling and Partition Cost Estimator | IC Interiors</title>");
    expect(html).toMatch(/<meta name="description" content="See what a suspended ceiling/);
    expect(html).toMatch(/<option value="glass-partition" selected="">/);
    // The working hours it assumes are the business's own (Settings > Business), not words of their own.
    expect(html).toContain("during our normal working hours (Monday–Friday: 8:00–18:00), unless");
    const sitemap = await (await fetch(`${site.origin}/sitemap.xml`)).text();
    expect(sitemap).toContain("<loc>http://localhost:3000/estimate</loc>");
  });

  it("answers a form post without JavaScript with the estimate (never cached), or the field's message", async () => {
    const post = (fields: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
      return fetch(`${site.origin}/estimate`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: site.origin },
        body,
      });
    };
    const res = await post({
      item: "basic-suspended-ceiling",
      quantity: "",
      length: "12",
      width: "10",
      options: ["out-of-hours"],
      location: "Naas",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("€4,320 – €8,640");
    expect(html).toContain("Naas, Co. Kildare is about 31 km from Dublin city centre: inside our service area.");
    expect(html).toMatch(/href="\/book\?estimate=e1\.[\w-]+\.[\w-]+"/);

    const bad = await post({ item: "basic-suspended-ceiling", quantity: "0" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("The size (quantity) must be more than 0.");
  });
});

describe("an estimate sent with an enquiry", () => {
  const lead = {
    name: "Ciarán Walsh",
    email: "ciaran@walshpharmacy.ie",
    phone: "045 555 0101",
    service: "Suspended Ceilings",
    message: "Please book the free survey for our pharmacy on Main Street, Naas.",
  };

  it("is verified, stored with the lead and returned by GET /api/admin/contacts/{id} as estimate", async () => {
    const { body: made } = await estimate({
      item: "basic-suspended-ceiling",
      quantity: 120,
      location: "Naas",
      options: ["out-of-hours"],
    });
    const res = await call("POST", "/api/contact", { ...lead, estimateId: made.id });
    expect(res.status).toBe(201);
    const expected = {
      item: "basic-suspended-ceiling",
      quantity: 120,
      options: [{ key: "out-of-hours", label: "Out-of-hours work (evenings, nights or weekends)" }],
      location: "Naas",
      place: { label: "Naas, Co. Kildare", routingKey: null },
      lowEur: 4320,
      highEur: 8640,
      inServiceArea: true,
    };
    const [row] = await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, res.body.id));
    expect(row!.estimate).toMatchObject(expected);
    const detail = await admin("GET", `/api/admin/contacts/${res.body.id}`);
    expect(detail.body.estimate).toMatchObject(expected);
  });

  it("a forged, changed or malformed estimate id refuses the enquiry with a clear message and stores nothing", async () => {
    const { body: made } = await estimate({ item: "glass-partition", quantity: 10 });
    const [prefix, , signature] = (made.id as string).split(".");
    const cheaper = Buffer.from(
      JSON.stringify({ ...readEstimateId(site.services.appSecret, made.id), lowEur: 1 }),
    ).toString("base64url");
    const before = await t.database.db.$count(contactSubmissions);
    for (const estimateId of [`${prefix}.${cheaper}.${signature}`, "e1.abc.def", 12345]) {
      const res = await call("POST", "/api/contact", { ...lead, estimateId });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^We could not verify the estimate sent with this message/);
    }
    expect(await t.database.db.$count(contactSubmissions)).toBe(before);
    // Without one, or with an empty one, the enquiry is taken as usual.
    expect((await call("POST", "/api/contact", { ...lead, estimateId: "" })).status).toBe(201);
  });

  it("opens the contact page with the service chosen, the message mentioning it, and posts it without JavaScript", async () => {
    const { body: made } = await estimate({ item: "glass-partition", quantity: 18, location: "D02" });
    const page = await (await fetch(`${site.origin}/contact-us?estimate=${encodeURIComponent(made.id)}`)).text();
    expect(page).toMatch(/<option value="Partitions" selected="">/);
    expect(page).toContain(
      "Your online estimate for 18 m² of glass partition in Dublin 2 (D02) came to €4,500–€8,100 + VAT.",
    );
    expect(page).toContain(`name="estimateId" value="${made.id}"`);

    const form = new URLSearchParams({
      ...lead,
      service: "Partitions",
      estimateId: made.id,
      website: "",
      formToken: issueFormToken(site.services.appSecret, Date.now() - 8_000),
    });
    const res = await fetch(`${site.origin}/contact-us`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.origin },
      body: form,
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.service, "Partitions"));
    expect(row!.estimate).toMatchObject({
      item: "glass-partition",
      quantity: 18,
      lowEur: 4500,
      highEur: 8100,
      inServiceArea: true,
    });
  });
});
