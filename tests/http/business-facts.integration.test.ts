import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config";
import { appMeta, faqs, pageRevisions, pages, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { adoptBusinessPlaceholders } from "~/features/demo/seed-placeholders.server";
import { seedDemoContent } from "~/features/demo/seed.server";
import { callApi, confirmSession, serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Issue 35 items 1 and 9: a fresh install's sample business facts (phone, VAT number, Ballymount
// address and area, the spec's 4.9 from 47 reviews) are listed on the dashboard until changed, and
// once the owner saves real ones every page says them, meta descriptions included; the sample
// rating goes with the demo content; a post's breadcrumb is titled from its address.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;
const PASSWORD = "Real-Details-2026";

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.database.db);
  await t.database.db.insert(users).values({ username: "owner", password: await hashPassword(PASSWORD) });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000", SITE_URL: "https://www.example.ie" } });
  cookie = await signIn(site.origin, "owner", PASSWORD);
  // Saving the business details asks for the password first (confirm-before-danger), as the admin's dialog does.
  await confirmSession(site.origin, cookie, PASSWORD);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const api = (method: string, path: string, body?: unknown) => callApi(site.origin, method, path, body, { cookie });
const html = async (path: string, signedIn = false) =>
  (await (await fetch(`${site.origin}${path}`, { headers: signedIn ? { cookie } : {} })).text()).replaceAll(
    "<!-- -->",
    "",
  );
const decode = (s: string) => s.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
const metaDescription = (doc: string) => decode(/<meta name="description" content="([^"]*)"/.exec(doc)![1]!);

function jsonLd(doc: string): Array<Record<string, any>> {
  return [...doc.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, any>)
    .flatMap((b) => (Array.isArray(b["@graph"]) ? b["@graph"] : [b]));
}
const business = (doc: string) => jsonLd(doc).find((d) => d["@type"] === "GeneralContractor")!;

/** The dashboard's list of sample details still in use (empty when the list is not shown). */
async function sampleDetails(): Promise<string[]> {
  const doc = decode(await html("/admin", true));
  const list = /<ul aria-label="Sample business details"[^>]*>([\s\S]*?)<\/ul>/.exec(doc);
  return list ? [...list[1]!.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!) : [];
}

describe("sample business facts", () => {
  it("are listed on the dashboard on a fresh install, the spec's rating among them in the structured data", async () => {
    expect(await sampleDetails()).toEqual([
      "Phone: 01 555 0192",
      "VAT number: IE3456789LH",
      "Street address: Unit 7, Ballymount Business Park, Dublin 12",
      "Area: Ballymount, Dublin 12",
      "Review rating: 4.9 from 47 reviews",
    ]);
    expect(business(await html("/")).aggregateRating).toMatchObject({ ratingValue: 4.9, reviewCount: 47 });
  });

  it("give way everywhere once the owner saves real details: hero, About Us, contact meta description, FAQs", async () => {
    const saved = await api("PUT", "/api/admin/settings/business", {
      phone: "045 987 6543",
      address: "4 Canal Walk\nNaas",
      eircode: "W91 X2Y3",
      area: "Naas, Co. Kildare",
      vatNumber: "IE 6388047V",
    });
    expect(saved.status).toBe(200);
    const home = decode(await html("/"));
    expect(home).toContain("Commercial ceilings & partitions contractor, Naas, Co. Kildare");
    const contact = await html("/contact-us");
    expect(metaDescription(contact)).toBe(
      "Call 045 987 6543 or send us your project details for a free site survey and fixed quote. Open Monday–Friday: 8:00–18:00, across greater Dublin.",
    );
    const about = decode(await html("/about-us"));
    expect(about).toContain("A specialist ceilings and partitions contractor based at Naas, Co. Kildare.");
    expect(metaDescription(about)).toBe(
      "Meet the team behind IC Interiors, based at Naas, Co. Kildare: fully insured, Safe Pass trained crews who finish on time and leave every site clean.",
    );
    const specialists = decode(await html("/shop-ceiling-specialists"));
    for (const doc of [home, contact, about, specialists, decode(await html("/privacy-policy"))]) {
      expect(doc).not.toMatch(/Ballymount|555 0192|3456789/);
      expect(doc).not.toMatch(/\{(name|phone|email|address|area|legalName)\}/);
    }
    // The rating is still the sample one: the last thing listed.
    expect(await sampleDetails()).toEqual(["Review rating: 4.9 from 47 reviews"]);
  });

  it("the sample rating is removed with the demo content, and the owner's own figure is never listed", async () => {
    await confirmSession(site.origin, cookie, PASSWORD);
    const removed = await api("DELETE", "/api/admin/demo-content");
    expect(removed.status).toBe(200);
    expect(removed.body.rating).toBe(1);
    expect((await api("GET", "/api/admin/settings/business")).body.rating).toBeNull();
    expect(business(await html("/"))).not.toHaveProperty("aggregateRating");
    expect(await sampleDetails()).toEqual([]);

    const own = { value: 4.7, count: 12, source: "Google reviews" };
    expect((await api("PUT", "/api/admin/settings/business", { rating: own })).status).toBe(200);
    expect(business(await html("/")).aggregateRating).toMatchObject({ ratingValue: 4.7, reviewCount: 12 });
    expect((await api("GET", "/api/admin/demo-content")).body.rating).toBe(0);
    expect(await sampleDetails()).toEqual([]);
  });
});

describe("a blog post's breadcrumb", () => {
  it("is titled from its address, in the BreadcrumbList as in the bar", async () => {
    const doc = await html("/blog/shop-ceiling-trends");
    const list = jsonLd(doc).find((d) => d["@type"] === "BreadcrumbList")!;
    expect(list.itemListElement.map((i: { name: string }) => i.name)).toEqual(["Home", "Blog", "Shop Ceiling Trends"]);
    expect(list.itemListElement.at(-1).item).toBe("https://www.example.ie/blog/shop-ceiling-trends");
    expect(doc).toMatch(/<span aria-current="page"[^>]*>Shop Ceiling Trends<\/span>/);
  });
});

describe("a database seeded before the placeholders", () => {
  it("adopts them where the seeded words are untouched, and leaves staff's words alone", async () => {
    const { db } = t.database;
    await db.delete(appMeta).where(eq(appMeta.key, "business_placeholders_at"));
    const old = {
      about:
        "Meet the Ballymount-based team behind IC Interiors: fully insured, Safe Pass trained crews who finish on time and leave every site clean.",
      contact:
        "Call 01 555 0192 or send us your project details for a free site survey and fixed quote. Open Monday to Friday, 8am to 6pm, across greater Dublin.",
      eyebrow: "Commercial ceilings & partitions contractor, Ballymount, Dublin 12",
      faq: "We work across Dublin, Kildare, Meath and Wicklow, within about 50 km of our base at Ballymount, Dublin 12. For larger projects further afield, call us and we'll let you know if we can help.",
    };
    const staffWords = "Call 01 555 0192 today: our Ballymount team answers.";
    await db.update(pages).set({ metaDescription: old.about }).where(eq(pages.slug, "about-us"));
    await db.update(pages).set({ metaDescription: staffWords }).where(eq(pages.slug, "contact-us"));
    await db
      .update(pages)
      .set({ metaDescription: old.contact, fields: { heroEyebrow: old.eyebrow, heroHeading: "Our own heading" } })
      .where(eq(pages.slug, "home"));
    const [home] = await db.select().from(pages).where(eq(pages.slug, "home"));
    await db
      .update(pageRevisions)
      .set({ snapshot: { ...home!, fields: { heroEyebrow: old.eyebrow } } })
      .where(eq(pageRevisions.pageId, home!.id));
    await db
      .insert(faqs)
      .values({ question: "Which areas do you cover?", answer: old.faq, category: "general", displayOrder: 1 });

    expect(await adoptBusinessPlaceholders(db, defaultBusiness)).toBeGreaterThanOrEqual(3);
    const row = async (slug: string) => (await db.select().from(pages).where(eq(pages.slug, slug)))[0]!;
    expect((await row("about-us")).metaDescription).toBe(
      "Meet the team behind {name}, based at {area}: fully insured, Safe Pass trained crews who finish on time and leave every site clean.",
    );
    expect((await row("contact-us")).metaDescription).toBe(staffWords);
    expect(await row("home")).toMatchObject({
      // The home page's seeded meta description never named the phone: an edit there is staff's own.
      metaDescription: old.contact,
      fields: { heroEyebrow: "Commercial ceilings & partitions contractor, {area}", heroHeading: "Our own heading" },
    });
    const [revision] = await db.select().from(pageRevisions).where(eq(pageRevisions.pageId, home!.id));
    expect(revision!.snapshot.fields).toEqual({ heroEyebrow: "Commercial ceilings & partitions contractor, {area}" });
    expect((await db.select().from(faqs).where(eq(faqs.answer, old.faq))).length).toBe(0);
    // Once only: a second start changes nothing.
    expect(await adoptBusinessPlaceholders(db, defaultBusiness)).toBe(0);
  });
});

describe("the site's address (issue 35 item 2)", () => {
  it("is SITE_URL's when the environment sets it: a save naming it is refused", async () => {
    const refused = await api("PUT", "/api/admin/settings/business", { siteUrl: "https://other.example.ie" });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ siteUrl: expect.stringContaining("SITE_URL") });
    expect(site.services.siteUrl).toBe("https://www.example.ie");
  });

  it("is the one saved in Settings → Business while SITE_URL is unset, in every link", async () => {
    const unset = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000", SITE_URL: "" } });
    try {
      const own = await signIn(unset.origin, "owner", PASSWORD);
      await confirmSession(unset.origin, own, PASSWORD);
      const put = (body: unknown) =>
        callApi(unset.origin, "PUT", "/api/admin/settings/business", body, { cookie: own });
      expect(unset.services.siteUrl).toBe("http://localhost:3000");
      expect((await put({ siteUrl: "ftp://files.example.ie" })).status).toBe(400);
      expect((await put({ siteUrl: "https://www.icinteriors.ie/" })).status).toBe(200);
      const doc = await (await fetch(`${unset.origin}/about-us`)).text();
      expect(doc).toContain('<link rel="canonical" href="https://www.icinteriors.ie/about-us"');
      expect(unset.services.siteUrl).toBe("https://www.icinteriors.ie");
    } finally {
      await unset.close();
    }
  });
});
