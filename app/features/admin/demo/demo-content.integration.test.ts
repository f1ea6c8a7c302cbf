import { desc, eq, like, notLike } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, faqs, pages, posts, projects, testimonials, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { seedDemoContent, seedFirstPost, unmarkSiteOwnPost } from "~/features/demo/seed.server";
import { removeDemoContent } from "./demo-content.server";
import { callApi, confirmSession, serveBuiltApp, signIn } from "../../../../tests/support/built-app";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";

// Issue 27 item 3 on the built server (page cache on): seeded rows are marked demo in the admin
// API, an edit makes a row the business's own, and DELETE /api/admin/demo-content removes every
// demo row (and only those), is audit-logged and shows on the public pages at the next request.
// Issue 35 item 7: the spec's own blog post is never demo, and the FAQs can be kept.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;
const PASSWORD = "Tegular-Edge-2026";

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.database.db);
  await t.database.db.insert(users).values({ username: "niamh", password: await hashPassword(PASSWORD) });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  cookie = await signIn(site.origin, "niamh", PASSWORD);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const api = (method: string, path: string, body?: unknown, signedIn = true) =>
  callApi(site.origin, method, path, body, signedIn ? { cookie } : {});
const html = async (path: string) => (await (await fetch(`${site.origin}${path}`)).text()).replaceAll("<!-- -->", "");

describe("demo content", () => {
  it("is marked demo in the admin API, and an edit makes a row the business's own", async () => {
    const list = await api("GET", "/api/admin/testimonials");
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    expect(list.body.every((row: { demo: boolean }) => row.demo === true)).toBe(true);
    for (const kind of ["projects", "faqs"]) {
      const rows = (await api("GET", `/api/admin/${kind}`)).body as Array<{ demo: boolean }>;
      expect(rows.length, kind).toBeGreaterThan(0);
      expect(
        rows.every((r) => r.demo),
        kind,
      ).toBe(true);
    }
    // The spec's own post (linked from /shop-ceiling, in the sitemap) is the business's, not demo.
    const postRows = (await api("GET", "/api/admin/posts")).body as Array<{ slug: string; demo: boolean }>;
    expect(postRows).toEqual([expect.objectContaining({ slug: "shop-ceiling-trends", demo: false })]);
    expect(await api("GET", "/api/admin/demo-content").then((r) => r.body)).toEqual({
      projects: 12,
      testimonials: list.body.length,
      faqs: 18,
      posts: 0,
      // The spec's 4.9 from 47, stored as sample data on a fresh install.
      rating: 1,
    });

    // Staff edit one testimonial: it is theirs now, so removing the demo content keeps it.
    const mine = list.body[0] as { id: number; name: string; demo: boolean } & Record<string, unknown>;
    const { id, createdAt: _c, demo: _d, ...input } = mine;
    const edited = await api("PUT", `/api/admin/testimonials/${id}`, {
      ...input,
      content: "Fitted over a weekend, spotless.",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.demo).toBe(false);
  });

  it("is removed by DELETE /api/admin/demo-content: numbers per kind, rows gone, pages updated, audit row", async () => {
    const db = t.database.db;
    const before = (await api("GET", "/api/admin/demo-content")).body;
    const pagesBefore = await db.$count(pages);
    const home = await html("/");
    expect(home).toContain("Declan Moran"); // a demo testimonial on the home page (cached after this)
    expect(await html("/blog/shop-ceiling-trends")).toContain("shop ceiling");

    expect((await api("DELETE", "/api/admin/demo-content", undefined, false)).status).toBe(401);
    // Removing it all asks the owner for their password first.
    const unconfirmed = await api("DELETE", "/api/admin/demo-content");
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.body.confirm).toBe(true);
    expect(await db.$count(projects, eq(projects.demo, true))).toBeGreaterThan(0);
    await confirmSession(site.origin, cookie, PASSWORD);
    // A choice that is not true or false is refused, and nothing is removed.
    const bad = await api("DELETE", "/api/admin/demo-content", { keepFaqs: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: expect.any(String), fieldErrors: { keepFaqs: expect.any(String) } });
    expect(await db.$count(projects, eq(projects.demo, true))).toBe(before.projects);
    // The dashboard's default: keep the FAQs.
    const removed = await api("DELETE", "/api/admin/demo-content", { keepFaqs: true });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ...before, faqs: 0, keptFaqs: before.faqs });
    expect(removed.body.testimonials).toBeGreaterThan(0);

    // Every demo row is gone; the edited testimonial, the kept FAQs (now the business's own), the
    // spec's blog post and the page texts stay.
    expect(await db.$count(projects, eq(projects.demo, true))).toBe(0);
    expect(await db.$count(testimonials)).toBe(1);
    expect(await db.$count(faqs)).toBe(before.faqs);
    expect(await db.$count(faqs, eq(faqs.demo, true))).toBe(0);
    expect(await db.$count(posts)).toBe(1);
    expect(await db.$count(pages)).toBe(pagesBefore);
    expect((await api("GET", "/api/admin/demo-content")).body).toEqual({
      projects: 0,
      testimonials: 0,
      faqs: 0,
      posts: 0,
      rating: 0,
    });

    // The cached pages are rebuilt: the demo testimonial is gone at the next request; the post stays.
    expect(await html("/")).not.toContain("Declan Moran");
    const post = await fetch(`${site.origin}/blog/shop-ceiling-trends`);
    expect(post.status).toBe(200);

    const [entry] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: "demo.remove", username: "niamh" });
    expect(entry!.summary).toContain(`${before.projects} projects`);
    expect(entry!.summary).toContain(`kept ${before.faqs} FAQs`);
    expect(entry!.details).toMatchObject({ ...before, faqs: 0, keptFaqs: before.faqs });

    // A second call has nothing left to remove (and writes no audit row).
    const again = await api("DELETE", "/api/admin/demo-content");
    expect(again.body).toEqual({ projects: 0, testimonials: 0, faqs: 0, posts: 0, rating: 0, keptFaqs: 0 });
    const [last] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(last!.id).toBe(entry!.id);
  });

  it("marks the unedited seeded rows of an older database, once", async () => {
    const other = await createTestDatabase();
    try {
      const { markSeededDemoRows } = await import("~/features/demo/seed.server");
      await seedDemoContent(other.database.db);
      await seedFirstPost(other.database.db);
      const db = other.database.db;
      // As a database seeded before the demo mark existed, with one FAQ edited by staff.
      for (const table of [projects, testimonials, faqs, posts]) await db.update(table).set({ demo: false });
      const [faq] = await db.select().from(faqs).where(notLike(faqs.answer, "%{price:%")).limit(1);
      await db.update(faqs).set({ answer: "Our own answer." }).where(eq(faqs.id, faq!.id));
      // Seeded before prices were placeholders: the figures written out.
      const [priced] = await db.select().from(faqs).where(like(faqs.answer, "%{price:%")).limit(1);
      await db
        .update(faqs)
        .set({
          answer: priced!.answer
            .replaceAll("{price:basic-suspended-ceiling}", "€30 to €60 per m²")
            .replaceAll("{price:custom-acoustic-ceiling}", "€60 to €120+ per m²"),
        })
        .where(eq(faqs.id, priced!.id));
      const total = (await db.$count(projects)) + (await db.$count(testimonials)) + (await db.$count(faqs));

      expect(await markSeededDemoRows(db)).toBe(total - 1);
      expect((await db.select().from(faqs).where(eq(faqs.id, faq!.id)))[0]!.demo).toBe(false);
      expect((await db.select().from(faqs).where(eq(faqs.id, priced!.id)))[0]!.demo).toBe(true);
      expect(await markSeededDemoRows(db)).toBe(0);
      expect(await db.$count(posts, eq(posts.demo, true))).toBe(0);
    } finally {
      await other.dispose();
    }
  });

  it("takes the demo mark off the spec's blog post of an older database, and removes the FAQs when asked", async () => {
    const other = await createTestDatabase();
    try {
      const db = other.database.db;
      await seedDemoContent(db);
      // As a database seeded while the post was marked demo.
      await db.update(posts).set({ demo: true });
      expect(await unmarkSiteOwnPost(db)).toBe(1);
      expect(await unmarkSiteOwnPost(db)).toBe(0);
      const faqCount = await db.$count(faqs);

      const removed = await removeDemoContent(db, { keepFaqs: false });
      expect(removed).toMatchObject({ projects: 12, faqs: faqCount, posts: 0, keptFaqs: 0 });
      expect(await db.$count(faqs)).toBe(0);
      expect((await db.select({ slug: posts.slug }).from(posts)).map((p) => p.slug)).toEqual(["shop-ceiling-trends"]);
    } finally {
      await other.dispose();
    }
  });
});
