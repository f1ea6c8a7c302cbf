import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hasUnstorableText } from "~/api/unstorable-text";
import { contactSubmissions, emailOutbox, rateLimits, siteSettings } from "~/db/schema";
import { validateContact } from "~/features/contact/contact-schema";
import { issueFormToken } from "~/features/leads/form-token.server";
import { serveBuiltApp } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;

beforeAll(async () => {
  t = await createTestDatabase();
  // This file is about the staff notification: the visitor's auto-reply (on by default) has its
  // own tests in lead-pipeline.integration.test.ts and would double every count here.
  await t.database.db.insert(siteSettings).values({ id: 1, autoReplyEnabled: false });
  // Rate limits are exercised in their own describe block with their own server.
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "100000" } });
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});
beforeEach(async () => {
  await t.database.db.delete(contactSubmissions);
});

const valid = {
  name: "Aoife Byrne",
  email: "aoife@example.ie",
  phone: "087 123 4567",
  service: "Shop Ceiling Installation",
  message: "We need a new ceiling for our shop on Camden Street before Christmas.",
};

function post(
  body: unknown,
  init: { contentType?: string; raw?: string; headers?: Record<string, string>; origin?: string } = {},
) {
  return fetch(`${site.origin}/api/contact`, {
    method: "POST",
    headers: { "content-type": init.contentType ?? "application/json", ...init.headers },
    body: init.raw ?? JSON.stringify(body),
  });
}
const rowCount = () => t.database.db.$count(contactSubmissions);

describe("POST /api/contact", () => {
  it("stores a valid enquiry, answers 201 with its id, and queues the staff e-mail", async () => {
    const res = await post({ ...valid, name: "  Aoife Byrne  " });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number; message: string };
    expect(body.message).toBe("Thank you for your message. We will get back to you shortly!");
    const [row] = await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, body.id));
    expect(row).toMatchObject({ ...valid, source: "contact-form", readAt: null });
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, body.id));
    expect(mail).toMatchObject({ status: "pending", replyTo: valid.email, toAddress: "info@icinteriors.ie" });
    expect(mail!.subject).toBe("New enquiry from Aoife Byrne – Shop Ceiling Installation");
  });

  it("accepts the optional fields missing, empty or null", async () => {
    for (const extra of [{}, { phone: "", service: "" }, { phone: null, service: null }]) {
      const res = await post({ name: valid.name, email: valid.email, message: valid.message, ...extra });
      expect(res.status).toBe(201);
    }
    const rows = await t.database.db.select().from(contactSubmissions);
    expect(rows.map((r) => [r.phone, r.service])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it("keeps the landing page, referrer and utm tags with the enquiry", async () => {
    const res = await post({
      ...valid,
      landingPage: "/shop-ceiling?utm_source=google",
      referrer: "https://www.google.ie/",
      utm: { utm_source: "google", utm_campaign: "shop-ceilings", evil: "x" },
    });
    const { id } = (await res.json()) as { id: number };
    const [row] = await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({
      landingPage: "/shop-ceiling?utm_source=google",
      referrer: "https://www.google.ie/",
      utm: { utm_source: "google", utm_campaign: "shop-ceilings" },
    });
  });

  const bad: Array<[string, () => Promise<Response>, number, RegExp | Record<string, string>]> = [
    [
      "missing fields",
      () => post({}),
      400,
      {
        name: "Name must be at least 2 characters",
        email: "Please enter a valid email address",
        message: "Message must be at least 10 characters",
      },
    ],
    [
      "wrong types",
      () => post({ name: 12, email: true, message: ["a"], service: 3 }),
      400,
      {
        name: "Name must be at least 2 characters",
        email: "Please enter a valid email address",
        message: "Message must be at least 10 characters",
        service: "Please choose a service from the list",
      },
    ],
    [
      "an unknown service",
      () => post({ ...valid, service: "Roofing" }),
      400,
      { service: "Please choose a service from the list" },
    ],
    [
      "a huge message",
      () => post({ ...valid, message: "x".repeat(6000) }),
      400,
      { message: "Message must be at most 5,000 characters" },
    ],
    [
      "a huge name",
      () => post({ ...valid, name: "x".repeat(500) }),
      400,
      { name: "Name must be at most 100 characters" },
    ],
    ["a body over 16 KB", () => post({ ...valid, message: "x".repeat(20_000) }), 413, /too large/],
    // Refused at the door (issue 26): the database cannot store a NUL, nor jsonb a lone surrogate.
    ["NUL bytes in a name", () => post({ ...valid, name: "Aoife\u0000 Byrne" }), 400, /cannot be stored/],
    [
      "a lone surrogate in the message",
      () => post({ ...valid, message: "Half a pair: \uD800." }),
      400,
      /cannot be stored/,
    ],
    ["invalid JSON", () => post(null, { raw: '{"name": "Aoife", ' }), 400, /not valid JSON/],
    ["a JSON array", () => post([valid]), 400, /JSON object/],
    ["a JSON string", () => post("hello"), 400, /JSON object/],
    [
      "a form-encoded body",
      () =>
        post(null, { contentType: "application/x-www-form-urlencoded", raw: new URLSearchParams(valid).toString() }),
      415,
      /application\/json/,
    ],
    [
      "text/plain",
      () => post(null, { contentType: "text/plain", raw: JSON.stringify(valid) }),
      415,
      /application\/json/,
    ],
  ];
  for (const [what, send, status, expected] of bad) {
    it(`refuses ${what} with ${status} and stores nothing`, async () => {
      const res = await send();
      expect(res.status).toBe(status);
      const body = (await res.json()) as { message: string; fieldErrors?: Record<string, string> };
      if (expected instanceof RegExp) expect(body.message).toMatch(expected);
      else expect(body.fieldErrors).toEqual(expected);
      expect(await rowCount()).toBe(0);
    });
  }

  it("strips control characters from what it stores", async () => {
    const res = await post({
      ...valid,
      name: "Aoife Byrne\u0007",
      message: "First line\nSecond\u001b line here",
    });
    expect(res.status).toBe(201);
    const [row] = await t.database.db.select().from(contactSubmissions);
    expect(row!.name).toBe("Aoife Byrne");
    expect(row!.message).toBe("First line\nSecond line here");
  });

  it("refuses other methods with 405", async () => {
    const res = await fetch(`${site.origin}/api/contact`);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("refuses a cross-site submission", async () => {
    const res = await post(valid, { headers: { origin: "https://spam.example", "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect(await rowCount()).toBe(0);
  });
});

describe("spam defence without a captcha: quarantine, never discard", () => {
  const quarantined = () =>
    t.database.db
      .select({ spamReason: contactSubmissions.spamReason })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.spam, true))
      .orderBy(contactSubmissions.id);

  it("answers a filled honeypot exactly like a real enquiry, and keeps it in quarantine with no e-mail", async () => {
    const res = await post({ ...valid, website: "http://cheap-pills.example" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number; message: string };
    expect(body).toEqual({
      id: expect.any(Number),
      message: "Thank you for your message. We will get back to you shortly!",
    });
    expect(await quarantined()).toEqual([{ spamReason: "honeypot" }]);
    expect(await t.database.db.$count(emailOutbox)).toBe(0);
  });

  it("quarantines a form sent faster than a person can type or with a forged token; one after 4 seconds is a lead", async () => {
    const fast = await post({ ...valid, formToken: issueFormToken(site.services.appSecret, Date.now() - 500) });
    expect(fast.status).toBe(201);
    const forged = await post({ ...valid, formToken: `${Date.now() - 10_000}.forged` });
    expect(forged.status).toBe(201);
    expect(await quarantined()).toEqual([{ spamReason: "too-fast" }, { spamReason: "bad-token" }]);
    expect(await t.database.db.$count(emailOutbox)).toBe(0);
    const human = await post({ ...valid, formToken: issueFormToken(site.services.appSecret, Date.now() - 4_000) });
    expect(human.status).toBe(201);
    expect(await rowCount()).toBe(3);
    expect(await t.database.db.$count(contactSubmissions, eq(contactSubmissions.spam, false))).toBe(1);
    expect(await t.database.db.$count(emailOutbox)).toBe(1);
  });
});

describe("property: any body", () => {
  it("never gets a 5xx, and a row is stored exactly for the valid ones (1,000 random bodies)", async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.constantFrom(
        "",
        " ",
        "\u0000",
        "a\u0000b\u0000c",
        "Aoife Byrne",
        "aoife@example.ie",
        "x@y",
        "Partitions",
        "Other",
        "\uD800 lone",
      ),
      fc.string({ minLength: 9, maxLength: 12 }).map((s) => `${s} message`),
      fc.emailAddress(),
    );
    const field = fc.oneof(
      text,
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(text, { maxLength: 2 }),
      fc.dictionary(fc.string({ maxLength: 5 }), text, { maxKeys: 2 }),
    );
    const body = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record(
          { name: field, email: field, phone: field, service: field, message: field },
          { requiredKeys: [] },
        ),
      },
      {
        weight: 4,
        arbitrary: fc.record({
          name: fc.oneof(text, fc.constantFrom("Aoife Byrne", "Seán Ó Briain", " Li ")),
          // fast-check's addresses are RFC-valid but often stranger than the site accepts.
          email: fc.oneof(
            fc.emailAddress(),
            fc.constantFrom("aoife@example.ie", "sean.obriain@company.ie", "ops@shop-fit.co.uk"),
          ),
          service: fc.constantFrom("Partitions", "Other", "", "Nope", null),
          message: fc.oneof(text, fc.string({ minLength: 10, maxLength: 300 })),
        }),
      },
      { weight: 1, arbitrary: fc.jsonValue() },
      {
        weight: 1,
        arbitrary: fc.record({
          name: fc.constant("Aoife"),
          email: fc.constant("a@example.ie"),
          message: fc.string({ minLength: 4000, maxLength: 17000 }),
        }),
      },
    );

    let stored = 0;
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const res = await post(input);
        expect(res.status).toBeLessThan(500);
        const isObject = input !== null && typeof input === "object" && !Array.isArray(input);
        const size = Buffer.byteLength(JSON.stringify(input));
        // Spam traps (honeypot, tokens) never stop a valid enquiry being stored: it goes to quarantine.
        const shouldStore =
          isObject &&
          !hasUnstorableText(input) &&
          size <= 16 * 1024 &&
          Object.keys(validateContact(input)).length === 0;
        const json = (await res.json()) as { id?: number };
        expect(Boolean(json.id), JSON.stringify(input).slice(0, 200)).toBe(shouldStore);
        if (shouldStore) stored++;
      }),
      { numRuns: 1000 },
    );
    expect(stored).toBeGreaterThan(80); // the generator really produced valid enquiries
    expect(await rowCount()).toBe(stored);
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After once an IP has used its allowance, and a spoofed X-Forwarded-For does not reset it", async () => {
    // On PostgreSQL the counters are shared through this table: earlier tests' requests count too.
    await t.database.db.delete(rateLimits);
    const limited = await serveBuiltApp(t.database, {
      env: { CONTACT_RATE_LIMIT_POINTS: "3", CONTACT_RATE_LIMIT_WINDOW_S: "600", RATE_LIMIT_FACTOR: "1" },
    });
    try {
      const send = (ip?: string) =>
        fetch(`${limited.origin}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(ip ? { "x-forwarded-for": ip } : {}) },
          body: JSON.stringify(valid),
        });
      for (let i = 0; i < 3; i++) expect((await send()).status).toBe(201);
      const refused = await send();
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(500);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /Too many messages .* call us on 01 555 0192/,
      );
      expect((await send("203.0.113.9")).status).toBe(429);
      expect(await rowCount()).toBe(3);
    } finally {
      await limited.close();
    }
  });

  it("multiplies every limit by RATE_LIMIT_FACTOR", async () => {
    const raised = await serveBuiltApp(t.database, { env: { CONTACT_RATE_LIMIT_POINTS: "2", RATE_LIMIT_FACTOR: "3" } });
    try {
      expect(raised.services.limits.contact.points).toBe(6);
    } finally {
      await raised.close();
    }
  });
});
