import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allBuiltInPageFields } from "~/features/pages/fields/built-in-fields";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { pages } from "~/db/schema";
import { seedBlogPage, seedDemoContent } from "./seed.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

describe("the built-in pages staff edit", () => {
  it("every page with editable fields has its row in Pages on a started site, the blog's added once", async () => {
    await seedDemoContent(t.database.db);
    expect(await seedBlogPage(t.database.db)).toBe(true);
    const slugs = new Set((await t.database.db.select({ slug: pages.slug }).from(pages)).map((r) => r.slug));
    for (const page of allBuiltInPageFields) expect(slugs, page.slug).toContain(page.slug);
    const [blog] = await t.database.db.select().from(pages).where(eq(pages.slug, "blog"));
    expect(blog).toMatchObject({ title: "Blog: Ceiling and Partition Advice" });

    // Once only: a row staff removed is not put back at the next start.
    await t.database.db.delete(pages).where(eq(pages.slug, "blog"));
    expect(await seedBlogPage(t.database.db)).toBe(false);
    expect(await t.database.db.$count(pages, eq(pages.slug, "blog"))).toBe(0);
  });
});
