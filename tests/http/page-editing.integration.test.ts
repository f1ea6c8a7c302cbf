import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "~/db/schema";
import { seedDemoContent, seedEstimatePage } from "~/features/demo/seed.server";
import { updatePage } from "~/features/admin/pages/pages.server";
import { allBuiltInPageFields, builtInPageFields } from "~/features/pages/fields/built-in-fields";
import { fieldDefaults } from "~/features/pages/fields/field-dsl";
import { pagePath } from "~/features/pages/page-slugs";
import { fillBusinessText } from "~/features/site/business-text";
import { hashPassword } from "~/features/auth/password.server";
import { callApi, serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Issue 15 items 1–5 on the built server, with the HTML cache on: the Markdown preview, page
// fields, drafts, preview, publishing, revisions and built-in pages.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;
const PASSWORD = "Suspended-Grid-42";

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.database.db);
  await seedEstimatePage(t.database.db);
  await t.database.db.insert(users).values({ username: "aoife", password: await hashPassword(PASSWORD) });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  cookie = await signIn(site.origin, "aoife", PASSWORD);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const api = (method: string, path: string, body?: unknown, { signedIn = true } = {}) =>
  callApi(site.origin, method, path, body, signedIn ? { cookie } : {});

describe("POST /api/admin/markdown/preview", () => {
  it("renders Markdown with the server's sanitising renderer, for signed-in staff only", async () => {
    const ok = await api("POST", "/api/admin/markdown/preview", {
      markdown: "## Prices\n\n- **Basic** grid\n\n[Quote](https://example.com) <script>alert(1)</script>",
    });
    expect(ok.status).toBe(200);
    expect(ok.body.html).toContain("<h2>Prices</h2>");
    expect(ok.body.html).toContain("<li><strong>Basic</strong> grid</li>");
    expect(ok.body.html).toContain('<a href="https://example.com" rel="noopener">Quote</a>');
    expect(ok.body.html).not.toContain("<script>");

    expect((await api("POST", "/api/admin/markdown/preview", { markdown: "x" }, { signedIn: false })).status).toBe(401);
    const bad = await api("POST", "/api/admin/markdown/preview", { markdown: 42 });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({ markdown: "Markdown must be text" });
  });
});

/** A public page as an anonymous visitor (or, with `cookie`, signed-in staff) gets it. */
async function visit(path: string, withCookie = false) {
  const res = await fetch(`${site.origin}${path}`, { headers: withCookie ? { cookie } : {} });
  return {
    status: res.status,
    cache: res.headers.get("x-page-cache"),
    cacheControl: res.headers.get("cache-control"),
    html: await res.text(),
  };
}

async function pageId(slug: string): Promise<number> {
  const list = await api("GET", "/api/admin/pages");
  return (list.body as Array<{ id: number; slug: string }>).find((p) => p.slug === slug)!.id;
}

const lastAudit = async () => (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

describe("built-in page fields, drafts, preview, publishing and revisions", () => {
  it("GET answers builtIn and the fields' current values (today's copy until edited)", async () => {
    const id = await pageId("suspended-ceilings");
    const page = await api("GET", `/api/admin/pages/${id}`);
    expect(page.status).toBe(200);
    expect(page.body.builtIn).toBe(true);
    expect(page.body.hasUnpublishedChanges).toBe(false);
    expect(page.body.fields.heroHeading).toBe("Suspended Ceilings in Dublin");
    expect(page.body.fields.priceLines[0]).toEqual({
      name: "Basic suspended ceiling",
      // Staff edit the placeholder; visitors read the price table's figure (below).
      price: "About {price:basic-suspended-ceiling}",
      text: "Standard 24mm grid with Square or Tegular mineral fibre tiles, supplied and fitted.",
    });
    expect(page.body.fields.quoteButton).toEqual({
      label: "Get a Free Ceiling Quote",
      href: "/contact-us?service=Suspended%20Ceilings",
    });
    const staff = await api("POST", "/api/admin/pages", {
      title: "Ours",
      slug: "our-page",
      content: "A page of our own.",
    });
    expect(staff.body).toMatchObject({ builtIn: false, fields: {} });
  });

  it("unknown field names and wrong types: 400 naming the field, nothing stored", async () => {
    const id = await pageId("suspended-ceilings");
    const before = await api("GET", `/api/admin/pages/${id}/revisions`);
    const unknown = await api("PUT", `/api/admin/pages/${id}`, { title: "Changed", fields: { heroHeadline: "x" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toEqual({
      "fields.heroHeadline": 'The Suspended Ceilings page has no field called "heroHeadline"',
    });
    const wrongType = await api("PUT", `/api/admin/pages/${id}`, {
      fields: { priceLines: "€30", heroHeading: 42, priceFactors: ["ok", ""] },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.fieldErrors).toEqual({
      "fields.priceLines": "Price lines must be a list",
      "fields.heroHeading": "Hero: heading must be text",
      "fields.priceFactors.1": "Factor is required",
    });
    const staff = await api("POST", "/api/admin/pages", {
      title: "Plain",
      slug: "plain-page",
      content: "No fields here.",
    });
    const none = await api("PUT", `/api/admin/pages/${staff.body.id}`, { fields: { heroHeading: "x" } });
    expect(none.body.fieldErrors).toEqual({ "fields.heroHeading": 'The Plain page has no field called "heroHeading"' });
    const page = await api("GET", `/api/admin/pages/${id}`);
    expect(page.body.title).toBe("Suspended Ceilings");
    expect(page.body.hasUnpublishedChanges).toBe(false);
    expect((await api("GET", `/api/admin/pages/${id}/revisions`)).body).toEqual(before.body);
  });

  it("a save is a draft: the public page keeps the published text; staff preview the draft; publishing shows it on the next request", async () => {
    const id = await pageId("suspended-ceilings");
    const path = "/suspended-ceilings";
    await visit(path);
    expect((await visit(path)).cache).toBe("hit");

    const current = (await api("GET", `/api/admin/pages/${id}`)).body;
    const priceLines = structuredClone(current.fields.priceLines);
    priceLines[0].price = "About €35 to €65 per m²";
    const saved = await api("PUT", `/api/admin/pages/${id}`, { fields: { priceLines } });
    expect(saved.status).toBe(200);
    expect(saved.body.hasUnpublishedChanges).toBe(true);
    expect(saved.body.fields.priceLines[0].price).toBe("About €35 to €65 per m²");

    // Everyone else: the published page (from the cache again once warmed).
    let page = await visit(path);
    expect(page.html).toContain("About €30 to €60 per m²");
    expect(page.html).not.toContain("€35 to €65");
    const anonymousPreview = await visit(`${path}?preview=1`);
    expect(anonymousPreview.html).toContain("About €30 to €60 per m²");
    expect(anonymousPreview.html).not.toContain("Preview — not published");

    // Signed-in staff: the draft with the bar, never cached, never indexed.
    const preview = await visit(`${path}?preview=1`, true);
    expect(preview.status).toBe(200);
    expect(preview.html).toContain("About €35 to €65 per m²");
    expect(preview.html).toContain("Preview — not published");
    expect(preview.html).toContain('<meta name="robots" content="noindex"/>');
    expect(preview.cacheControl).toBe("private, no-store");
    expect(preview.cache).toBeNull();
    // Without ?preview=1 staff see what visitors see.
    expect((await visit(path, true)).html).toContain("About €30 to €60 per m²");

    await visit(path);
    expect((await visit(path)).cache).toBe("hit");
    const published = await api("POST", `/api/admin/pages/${id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.hasUnpublishedChanges).toBe(false);
    page = await visit(path);
    expect(page.cache).toBeNull();
    expect(page.html).toContain("About €35 to €65 per m²");
    expect(await lastAudit()).toMatchObject({
      action: "page.publish",
      username: "aoife",
      summary: 'Published page "Suspended Ceilings" (/suspended-ceilings)',
    });

    // "publish": true in the PUT saves and publishes at once.
    await api("PUT", `/api/admin/pages/${id}`, { fields: { ctaHeading: "Need a new ceiling fitted?" }, publish: true });
    expect((await visit(path)).html).toContain("Need a new ceiling fitted?");
  });

  it("revisions: newest first with who, when and a word diff; restore makes one the draft (audit logged)", async () => {
    const id = await pageId("suspended-ceilings");
    const revisions = await api("GET", `/api/admin/pages/${id}/revisions`);
    expect(revisions.status).toBe(200);
    const [newest, priceRevision] = revisions.body as Array<Record<string, any>>;
    expect(newest).toMatchObject({ action: "save", username: "aoife", published: true });
    expect(newest!.changes).toEqual([
      {
        field: "fields.ctaHeading",
        label: "Closing band: heading",
        parts: [{ value: "Need a new ceiling" }, { value: " fitted", added: true }, { value: "?" }],
      },
    ]);
    expect(priceRevision!.changes[0].field).toBe("fields.priceLines");
    expect(priceRevision!.changes[0].parts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ removed: true, value: expect.stringContaining("{price:basic-suspended-ceiling}") }),
        expect.objectContaining({ added: true, value: expect.stringContaining("About €35 to €65 per m²") }),
      ]),
    );
    expect(Date.parse(newest!.createdAt)).toBeGreaterThanOrEqual(Date.parse(priceRevision!.createdAt));

    const restored = await api("POST", `/api/admin/pages/${id}/revisions/${priceRevision!.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.hasUnpublishedChanges).toBe(true);
    expect(restored.body.fields.ctaHeading).toBe("Need a new ceiling?");
    expect(await lastAudit()).toMatchObject({ action: "page.restore", details: { revision: priceRevision!.id } });
    const after = (await api("GET", `/api/admin/pages/${id}/revisions`)).body;
    expect(after[0]).toMatchObject({ action: "restore", restoredFrom: priceRevision!.id, published: false });
    // Still the published text until it is published.
    expect((await visit("/suspended-ceilings")).html).toContain("Need a new ceiling fitted?");
    await api("POST", `/api/admin/pages/${id}/publish`);
    expect((await visit("/suspended-ceilings")).html).not.toContain("Need a new ceiling fitted?");

    expect((await api("POST", `/api/admin/pages/${id}/revisions/999999/restore`)).status).toBe(404);
    const other = await pageId("partitions");
    expect((await api("POST", `/api/admin/pages/${other}/revisions/${priceRevision!.id}/restore`)).status).toBe(404);
  });

  it("a seeded page's text is its revision 1; numbers count 1, 2, 3 per page; restoring 1 brings the seed back", async () => {
    const id = await pageId("partitions");
    const original = (await api("GET", `/api/admin/pages/${id}`)).body.fields.heroHeading as string;
    const first = (await api("GET", `/api/admin/pages/${id}/revisions`)).body as Array<Record<string, any>>;
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ number: 1, action: "create", username: null, published: true, changes: [] });
    await api("PUT", `/api/admin/pages/${id}`, { fields: { heroHeading: "Partitions, edited once" }, publish: true });
    await api("PUT", `/api/admin/pages/${id}`, { fields: { heroHeading: "Partitions, edited twice" } });
    const history = (await api("GET", `/api/admin/pages/${id}/revisions`)).body as Array<Record<string, any>>;
    expect(history.map((r) => r.number)).toEqual([3, 2, 1]);
    // Another page's numbers are its own (ids are global, numbers are not).
    const other = (await api("GET", `/api/admin/pages/${await pageId("about-us")}/revisions`)).body;
    expect(other.at(-1)).toMatchObject({ number: 1, action: "create" });

    const restored = await api("POST", `/api/admin/pages/${id}/revisions/${first[0]!.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.fields.heroHeading).toBe(original);
    const after = (await api("GET", `/api/admin/pages/${id}/revisions`)).body as Array<Record<string, any>>;
    expect(after[0]).toMatchObject({ number: 4, action: "restore", restoredFromNumber: 1 });
    await api("POST", `/api/admin/pages/${id}/publish`);
    const html = (await visit("/partitions")).html;
    expect(html).toContain(fillBusinessText(original, site.services.business).replaceAll("'", "&#x27;"));
    expect(html).not.toContain("edited once");
  });

  it("built-in pages cannot be deleted (409) or moved to another slug; staff pages can", async () => {
    const id = await pageId("about-us");
    const refused = await api("DELETE", `/api/admin/pages/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: "This is one of the site's own pages, so it cannot be deleted. You can change its text instead.",
    });
    expect((await api("GET", `/api/admin/pages/${id}`)).status).toBe(200);
    const moved = await api("PUT", `/api/admin/pages/${id}`, { slug: "about" });
    expect(moved.status).toBe(400);
    expect(moved.body.fieldErrors).toEqual({
      slug: "The site's own pages keep their address: this slug cannot be changed.",
    });

    const staff = await api("POST", "/api/admin/pages", {
      title: "Temp",
      slug: "temp-page",
      content: "A page to remove.",
    });
    expect((await api("DELETE", `/api/admin/pages/${staff.body.id}`)).status).toBe(204);
  });

  it("a staff page's slug change calls the update's slug hook inside its transaction", async () => {
    const staff = await api("POST", "/api/admin/pages", {
      title: "Moving",
      slug: "moving-page",
      content: "This page moves.",
    });
    const seen: Array<{ pageId: number; from: string; to: string }> = [];
    const result = await updatePage(
      t.database.db,
      staff.body.id,
      { slug: "moved-page" },
      { onSlugChange: async (_tx, change) => void seen.push(change) },
    );
    expect(result.status).toBe("ok");
    expect(seen).toEqual([{ pageId: staff.body.id, from: "moving-page", to: "moved-page" }]);
    const failing = await updatePage(
      t.database.db,
      staff.body.id,
      { slug: "moved-again" },
      {
        onSlugChange: () => Promise.reject(new Error("redirect could not be stored")),
      },
    ).catch((e: Error) => e.message);
    expect(failing).toBe("redirect could not be stored");
    // Rolled back with the hook: the page kept its slug.
    expect((await api("GET", `/api/admin/pages/${staff.body.id}`)).body.slug).toBe("moved-page");
  });
});

describe("every built-in page with fields", () => {
  it("GET answers builtIn and the page's declared fields, today's copy until edited", async () => {
    // The demo content has no row for the blog index: staff add it, and it is the built-in page.
    const blog = await api("POST", "/api/admin/pages", {
      title: "Blog",
      slug: "blog",
      content: "Articles from the crews.",
    });
    expect(blog.status).toBe(201);
    expect(blog.body).toMatchObject({ builtIn: true, fields: fieldDefaults(builtInPageFields("blog")!) });
    const list = (await api("GET", "/api/admin/pages")).body as Array<{ id: number; slug: string }>;
    for (const declared of allBuiltInPageFields) {
      const row = list.find((p) => p.slug === declared.slug);
      expect(row, declared.slug).toBeDefined();
      const page = await api("GET", `/api/admin/pages/${row!.id}`);
      expect(page.status).toBe(200);
      expect(page.body.builtIn, declared.slug).toBe(true);
      if (declared.slug === "suspended-ceilings") continue; // edited and restored by the tests above
      expect(page.body.fields, declared.slug).toEqual(fieldDefaults(declared));
    }
  });

  // Four requests and two publishes per built-in page (13 of them): slow on a busy PostgreSQL.
  it("the public page shows its default copy, and a published edit of its heading on the next request", async () => {
    for (const declared of allBuiltInPageFields) {
      const path = pagePath(declared.slug);
      // The h1: the hero's heading, or the heading of a page without a hero (contact, privacy).
      const h1 = "heroHeading" in declared.fields ? "heroHeading" : "heading";
      const heading = fieldDefaults(declared)[h1] as string;
      const shown = (text: string) =>
        `>${fillBusinessText(text, site.services.business).replaceAll("'", "&#x27;")}</h1>`;
      const before = await visit(path);
      expect(before.status, path).toBe(200);
      expect(before.html, path).toContain(shown(heading));
      const id = await pageId(declared.slug);
      const edited = `${heading} (edited)`;
      const saved = await api("PUT", `/api/admin/pages/${id}`, { fields: { [h1]: edited }, publish: true });
      expect(saved.status, path).toBe(200);
      expect((await visit(path)).html, path).toContain(shown(edited));
      await api("PUT", `/api/admin/pages/${id}`, { fields: { [h1]: heading }, publish: true });
      expect((await visit(path)).html, path).not.toContain("(edited)");
    }
  }, 120_000);

  it("a list of objects on a page that loads rows of its own: the specialists' process steps", async () => {
    const id = await pageId("shop-ceiling-specialists");
    const { fields } = (await api("GET", `/api/admin/pages/${id}`)).body;
    const processSteps = structuredClone(fields.processSteps);
    processSteps[1].title = "Layout and fixed price";
    processSteps.pop();
    const saved = await api("PUT", `/api/admin/pages/${id}`, {
      fields: { processSteps, quotePoints: ["Free survey at a time that suits you"] },
      publish: true,
    });
    expect(saved.status).toBe(200);
    const page = await visit("/shop-ceiling-specialists");
    expect(page.html).toContain("Layout and fixed price");
    expect(page.html).not.toContain("Completion and support");
    expect(page.html).not.toContain("Design and quote");
    // The quote card shows in the hero and the closing section (markup, not the hydration data);
    // the FAQs still come from their table.
    const markup = page.html.replace(/<script\b[\s\S]*?<\/script>/g, "");
    expect(markup.split("Free survey at a time that suits you").length - 1).toBe(2);
    expect(page.html).not.toContain("Most shops installed in 3 to 5 days");
    expect(page.html).toContain('"@type":"FAQPage"');
  });
});
