import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allBuiltInPageFields } from "~/features/pages/fields/built-in-fields";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { pageRevisions, pages } from "~/db/schema";
import { seedBlogPage, seedDemoContent, seedEstimatePage } from "./seed.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

describe("the built-in pages staff edit", () => {
  it("every page with editable fields has its row in Pages on a started site, the blog's and the estimate's added once", async () => {
    await seedDemoContent(t.database.db);
    expect(await seedBlogPage(t.database.db)).toBe(true);
    expect(await seedEstimatePage(t.database.db)).toBe(true);
    const slugs = new Set((await t.database.db.select({ slug: pages.slug }).from(pages)).map((r) => r.slug));
    for (const page of allBuiltInPageFields) expect(slugs, page.slug).toContain(page.slug);
    const [blog] = await t.database.db.select().from(pages).where(eq(pages.slug, "blog"));
    expect(blog).toMatchObject({ title: "Blog: Ceiling and Partition Advice" });

    // Every seeded page's text is its revision 1, so the first edit can be undone.
    const revisions = await t.database.db
      .select({ pageId: pageRevisions.pageId, number: pageRevisions.number, action: pageRevisions.action })
      .from(pageRevisions);
    const pageIds = (await t.database.db.select({ id: pages.id }).from(pages)).map((p) => p.id);
    expect(revisions.map((r) => r.pageId).sort()).toEqual(pageIds.sort());
    expect(new Set(revisions.map((r) => `${r.number} ${r.action}`))).toEqual(new Set(["1 create"]));

    // Once only: a row staff removed is not put back at the next start.
    await t.database.db.delete(pages).where(eq(pages.slug, "blog"));
    expect(await seedBlogPage(t.database.db)).toBe(false);
    expect(await t.database.db.$count(pages, eq(pages.slug, "blog"))).toBe(0);
  });
});
