import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, siteSettings, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { callApi, confirmSession, serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// The owner changes the business's details in Settings > Business: the next page on every server
// shows them (the page cache and the second server's memory included), a partial change keeps the
// rest, and a bad value is refused with the field named and nothing stored.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
/** A second server on the same database, as behind a load balancer. */
let other: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.insert(users).values({ username: "niamh", password: await hashPassword("Business-Owner-2026") });
  site = await serveBuiltApp(t.database, { env: { SITE_URL: "https://www.example.ie" } });
  other = await serveBuiltApp(t.database, { env: { SITE_URL: "https://www.example.ie" } });
  cookie = await signIn(site.origin, "niamh", "Business-Owner-2026");
  // Changing the business's details asks for the password first (server/staff-roles… tests that).
  await confirmSession(site.origin, cookie, "Business-Owner-2026");
});
afterAll(async () => {
  await site?.close();
  await other?.close();
  await t?.dispose();
});

const api = (method: string, body?: unknown) =>
  callApi(site.origin, method, "/api/admin/settings/business", body, { cookie });

async function page(origin: string, path: string) {
  const res = await fetch(`${origin}${path}`);
  return { html: await res.text(), cached: res.headers.get("x-page-cache") === "hit" };
}

/** The LocalBusiness structured data on a page. */
function localBusiness(html: string): Record<string, any> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, any>,
  );
  const found = blocks
    .flatMap((b) => (Array.isArray(b["@graph"]) ? b["@graph"] : [b]))
    .find((b) => b["@type"] === "GeneralContractor");
  if (!found) throw new Error("no LocalBusiness structured data on the page");
  return found;
}

/** The footer's markup (its contact details, social links). */
const footer = (html: string) => /<footer[\s\S]*<\/footer>/.exec(html)![0];

describe("Settings > Business", () => {
  it("starts from the code's defaults and env (first start), the spec's rating as sample data", async () => {
    const res = await api("GET");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: "IC Interiors",
      phone: "01 555 0192",
      email: "info@icinteriors.ie",
      address: "Unit 7, Ballymount Business Park\nDublin 12",
      eircode: "D12 X5F8",
      area: "Ballymount, Dublin 12",
      openingHours: { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
      social: {
        facebook: "https://www.facebook.com/icinteriors.ie",
        instagram: "https://www.instagram.com/icinteriors.ie",
        linkedin: "https://www.linkedin.com/company/ic-interiors-dublin",
      },
      vatNumber: "IE 3456789LH",
      notifyEmails: ["info@icinteriors.ie"],
      // Listed in the dashboard's demo notice and removed with the demo content (business-facts test).
      rating: { value: 4.9, count: 47, source: "Google reviews" },
    });
  });

  it("is for signed-in staff only", async () => {
    expect((await callApi(site.origin, "GET", "/api/admin/settings/business")).status).toBe(401);
    expect((await callApi(site.origin, "PUT", "/api/admin/settings/business", { phone: "01 555 0000" })).status).toBe(
      401,
    );
  });

  it("lets office and editors read the business's facts but not where every enquiry is mailed", async () => {
    const password = await hashPassword("Business-Staff-2026");
    await t.database.db.insert(users).values([
      { username: "oisin-office", password, role: "office" },
      { username: "eabha-editor", password, role: "editor" },
    ]);
    for (const username of ["oisin-office", "eabha-editor"]) {
      const staff = await signIn(site.origin, username, "Business-Staff-2026");
      const res = await callApi(site.origin, "GET", "/api/admin/settings/business", undefined, { cookie: staff });
      expect([username, res.status]).toEqual([username, 200]);
      expect(res.body).toMatchObject({ name: "IC Interiors", email: "info@icinteriors.ie" });
      expect(res.body).not.toHaveProperty("notifyEmails");
      expect(res.text).not.toContain("notifyEmails");
    }
    expect((await api("GET")).body.notifyEmails).toEqual(["info@icinteriors.ie"]);
  });

  it("shows a change on the next request on every server: header, footer, contact page, call button, structured data", async () => {
    // The other server has the about page in its cache.
    await page(other.origin, "/about-us");
    expect((await page(other.origin, "/about-us")).cached).toBe(true);

    const res = await api("PUT", {
      phone: "01 555 0777",
      address: "Unit 12, Fonthill Industrial Park\nDublin 22",
      eircode: "d22 yd82",
      openingHours: {
        days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        opens: "07:30",
        closes: "17:00",
      },
      social: { instagram: "" },
    });
    expect(res.body).not.toHaveProperty("fieldErrors");
    expect(res.status).toBe(200);
    // Partial: what was not sent is kept.
    expect(res.body).toMatchObject({
      name: "IC Interiors",
      email: "info@icinteriors.ie",
      phone: "01 555 0777",
      eircode: "D22 YD82",
      social: { facebook: "https://www.facebook.com/icinteriors.ie", instagram: "", linkedin: expect.any(String) },
    });

    const about = await page(other.origin, "/about-us");
    expect(about.cached).toBe(false);
    expect(about.html).toContain("Unit 12, Fonthill Industrial Park, Dublin 22, D22 YD82");
    expect(about.html).toContain('href="tel:+35315550777"');
    for (const origin of [other.origin, site.origin]) {
      const contact = await page(origin, "/contact-us");
      expect(contact.html).toContain("01 555 0777");
      expect(contact.html).toContain('href="tel:+35315550777"');
      expect(contact.html).not.toContain("01 555 0192");
      expect(contact.html).toContain("Monday–Saturday: 7:30–17:00");
      expect(footer(contact.html)).toContain("Monday–Saturday: 7:30–17:00");
      expect(footer(contact.html)).toContain("Unit 12, Fonthill Industrial Park");
      expect(footer(contact.html)).toContain("Dublin 22, D22 YD82");
      expect(footer(contact.html)).not.toContain("instagram.com");
      const data = localBusiness(contact.html);
      expect(data.telephone).toBe("+35315550777");
      expect(data.address).toMatchObject({
        streetAddress: "Unit 12, Fonthill Industrial Park",
        addressLocality: "Dublin 22",
        postalCode: "D22 YD82",
      });
      expect(data.openingHoursSpecification[0]).toMatchObject({ opens: "07:30", closes: "17:00" });
      expect(data.sameAs).not.toContain("https://www.instagram.com/icinteriors.ie");
    }
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "settings.business"));
    expect(audit).toMatchObject({
      action: "settings.business",
      summary: "Changed the business settings (phone, address, Eircode, opening hours, social links)",
    });
  });

  it("states the owner's rating in structured data in place of the sample, and drops it when cleared", async () => {
    expect((await api("PUT", { rating: { value: 4.8, count: 23, source: "Google reviews" } })).body.rating).toEqual({
      value: 4.8,
      count: 23,
      source: "Google reviews",
    });
    let data = localBusiness((await page(other.origin, "/")).html);
    expect(data.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.8,
      reviewCount: 23,
      bestRating: 5,
      worstRating: 1,
    });
    expect((await api("PUT", { rating: null })).status).toBe(200);
    data = localBusiness((await page(other.origin, "/")).html);
    expect(data).not.toHaveProperty("aggregateRating");
  });

  it("refuses a bad value with 400 naming the field, and stores nothing of that request", async () => {
    const before = (await api("GET")).body;
    const stored = await t.database.db.select({ business: siteSettings.business }).from(siteSettings);

    const badAddress = await api("PUT", {
      phone: "01 555 0999",
      notifyEmails: ["orla@icinteriors.ie", "not an address"],
    });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.fieldErrors).toEqual({ "notifyEmails.1": "Enter a valid e-mail address" });

    const badRating = await api("PUT", { name: "Renamed", rating: { value: 7, count: 12, source: "Google reviews" } });
    expect(badRating.status).toBe(400);
    expect(badRating.body.fieldErrors).toEqual({ "rating.value": "The average rating is from 1 to 5" });

    const badMany = await api("PUT", {
      phone: "call us",
      eircode: "D12",
      vatNumber: "12345",
      social: { facebook: "https://www.example.com/page" },
      openingHours: { days: [], opens: "18:00", closes: "08:00" },
    });
    expect(badMany.status).toBe(400);
    expect(Object.keys(badMany.body.fieldErrors).sort()).toEqual([
      "eircode",
      "openingHours.closes",
      "openingHours.days",
      "phone",
      "social.facebook",
      "vatNumber",
    ]);
    expect(badMany.body.fieldErrors.eircode).toBe("Enter an Eircode like D12 X5F8, or leave it empty");

    expect((await api("PUT", { notifyEmails: [] })).body.fieldErrors).toEqual({
      notifyEmails: "Add at least one address that gets new-lead e-mails",
    });

    expect((await api("GET")).body).toEqual(before);
    expect(await t.database.db.select({ business: siteSettings.business }).from(siteSettings)).toEqual(stored);
    expect((await page(site.origin, "/contact-us")).html).not.toContain("01 555 0999");
  });

  it("renames the business everywhere, its legal name with it", async () => {
    expect((await api("PUT", { name: "Fonthill Ceilings" })).status).toBe(200);
    const { html } = await page(other.origin, "/about-us");
    expect(html).toContain("<title>");
    expect(footer(html)).toContain("Fonthill Ceilings");
    expect(footer(html)).not.toContain("IC Interiors Ltd");
    expect(localBusiness((await page(other.origin, "/contact-us")).html)).toMatchObject({
      name: "Fonthill Ceilings",
      legalName: "Fonthill Ceilings",
    });
  });
});
