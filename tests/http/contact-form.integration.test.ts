import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, emailOutbox } from "~/db/schema";
import { issueFormToken } from "~/features/leads/form-token.server";
import { purgeOldSubmissions } from "~/features/contact/retention.server";
import { serveBuiltApp } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
beforeAll(async () => {
  t = await createTestDatabase();
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});
beforeEach(async () => {
  await t.database.db.delete(contactSubmissions);
});

const aHumanToken = () => issueFormToken(site.services.appSecret, Date.now() - 8_000);

function postForm(fields: Record<string, string>, path = "/contact-us", headers: Record<string, string> = {}) {
  return fetch(`${site.origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: site.origin, ...headers },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

const filled = {
  name: "Gráinne Kelly",
  email: "grainne@kellyhair.ie",
  phone: "",
  service: "Shop Ceiling Installation",
  message: "Our salon in Rathmines needs a moisture-resistant ceiling.",
  website: "",
};

describe("the contact page without JavaScript", () => {
  it("renders the form with a signed token, the service from ?service= and no caching", async () => {
    const res = await fetch(`${site.origin}/contact?service=Ceiling%20Repairs&utm_source=flyer`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("Get In Touch");
    expect(html).toMatch(/name="formToken" value="\d{13}\.[\w-]+"/);
    expect(html).toMatch(/<option value="Ceiling Repairs" selected="">/);
    expect(html).toContain('name="utm_source" value="flyer"');
    expect(html).toMatch(/href="\/privacy-policy"/);
  });

  it("stores a posted form and shows the success message", async () => {
    const res = await postForm({
      ...filled,
      formToken: aHumanToken(),
      landingPage: "/shop-ceiling",
      utm_source: "flyer",
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Message Sent");
    expect(html).toContain("Thank you for your message. We will get back to you shortly!");
    const [row] = await t.database.db.select().from(contactSubmissions);
    expect(row).toMatchObject({
      name: "Gráinne Kelly",
      email: "grainne@kellyhair.ie",
      phone: null,
      service: "Shop Ceiling Installation",
      source: "contact-form",
      landingPage: "/shop-ceiling",
      utm: { utm_source: "flyer" },
    });
  });

  it("re-renders with the spec's messages and the values entered, storing nothing", async () => {
    const res = await postForm(
      { name: "G", email: "grainne@", phone: "01 234", service: "", message: "Too short", formToken: aHumanToken() },
      "/contact",
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Name must be at least 2 characters");
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("Message must be at least 10 characters");
    expect(html).toContain('value="grainne@"');
    expect(html).toContain('value="01 234"');
    expect(html).toContain(">Too short</textarea>");
    expect(html).toMatch(/aria-invalid="true"/);
    expect(await t.database.db.$count(contactSubmissions)).toBe(0);
  });

  it("looks successful to a bot that fills the honeypot, posts instantly or sends no token, and quarantines it", async () => {
    for (const fields of [
      { ...filled, website: "http://spam.example", formToken: aHumanToken() },
      { ...filled, formToken: issueFormToken(site.services.appSecret) },
      { ...filled }, // no token at all
    ]) {
      const res = await postForm(fields);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Message Sent");
    }
    const rows = await t.database.db
      .select({ spam: contactSubmissions.spam, spamReason: contactSubmissions.spamReason })
      .from(contactSubmissions)
      .orderBy(contactSubmissions.id);
    expect(rows).toEqual([
      { spam: true, spamReason: "honeypot" },
      { spam: true, spamReason: "too-fast" },
      { spam: true, spamReason: "bad-token" },
    ]);
    expect(await t.database.db.$count(emailOutbox)).toBe(0);
  });

  it("refuses oversized form posts before reading them", async () => {
    const res = await postForm({ ...filled, message: "x".repeat(70_000), formToken: aHumanToken() });
    expect(res.status).toBe(413);
    expect(await t.database.db.$count(contactSubmissions)).toBe(0);
  });

  it("refuses a form posted from another site", async () => {
    const res = await postForm({ ...filled, formToken: aHumanToken() }, "/contact-us", {
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect(await t.database.db.$count(contactSubmissions)).toBe(0);
  });
});

describe("retention", () => {
  it("purges only enquiries older than the configured months", async () => {
    const base = { email: "a@example.ie", message: "An enquiry about ceilings." };
    await t.database.db.insert(contactSubmissions).values([
      { ...base, name: "Old", createdAt: sql`now() - interval '25 months'` },
      { ...base, name: "Borderline", createdAt: sql`now() - interval '23 months'` },
      { ...base, name: "New" },
    ]);
    expect(await purgeOldSubmissions(t.database.db, 24)).toBe(1);
    const names = (await t.database.db.select({ name: contactSubmissions.name }).from(contactSubmissions))
      .map((r) => r.name)
      .sort();
    expect(names).toEqual(["Borderline", "New"]);
  });
});
