import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, usePostgres, type TestDatabase } from "../../tests/support/test-database";
import { openDatabase, queryRows, queryRowsPrepared } from "./client.server";
import { faqs, pages, projects, sessions, testimonials, users } from "./schema";
import { seedDemoContent } from "~/features/demo/seed.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe(`database on ${usePostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("creates every table of the spec from the committed migrations", async () => {
    const tables = rows<{ table_name: string }>(
      await t.database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      ),
    ).map((r) => r.table_name);
    expect(tables).toEqual(
      expect.arrayContaining([
        "app_meta",
        "contact_submissions",
        "faqs",
        "pages",
        "projects",
        "sessions",
        "testimonials",
        "users",
      ]),
    );
  });

  it("sends a prepared query as one named statement per text on PostgreSQL, with the same rows as an unnamed one", async () => {
    const query = (n: number) => sql`select ${n}::int + 1 as next, 'x'::text as word`;
    const found = await t.database.db.transaction(async (tx) => ({
      first: await queryRowsPrepared<{ next: number; word: string }>(tx, query(1)),
      again: await queryRowsPrepared<{ next: number; word: string }>(tx, query(41)),
      unnamed: await queryRows<{ next: number; word: string }>(tx, query(41)),
      statements: usePostgres
        ? await queryRows<{ name: string; statement: string }>(
            tx,
            sql`select name, statement from pg_prepared_statements`,
          )
        : [],
    }));
    expect(found.first).toEqual([{ next: 2, word: "x" }]);
    expect(found.again).toEqual([{ next: 42, word: "x" }]);
    expect(found.again).toEqual(found.unnamed);
    if (usePostgres)
      expect(found.statements).toEqual([
        { name: expect.stringMatching(/^q_[\w-]{24}$/), statement: expect.stringContaining("+ 1 as next") },
      ]);
  });

  it("applies the spec's column limits", async () => {
    const limits = rows<{ table_name: string; column_name: string; character_maximum_length: number }>(
      await t.database.db.execute(sql`
        select table_name, column_name, character_maximum_length from information_schema.columns
        where table_schema = 'public' and character_maximum_length is not null`),
    );
    const limit = (table: string, column: string) =>
      limits.find((l) => l.table_name === table && l.column_name === column)?.character_maximum_length;
    expect(limit("pages", "slug")).toBe(100);
    expect(limit("pages", "title")).toBe(255);
    expect(limit("pages", "meta_title")).toBe(255);
    expect(limit("projects", "image_src")).toBe(255);
    expect(limit("projects", "alt_text")).toBe(255);
    expect(limit("projects", "category")).toBe(100);
    for (const c of ["name", "title", "company", "location"]) expect(limit("testimonials", c)).toBe(255);
    expect(limit("faqs", "category")).toBe(100);
  });

  it("fills defaults from the spec", async () => {
    const [p] = await t.database.db
      .insert(projects)
      .values({ title: "Defaults", description: "A project with defaults", imageSrc: "/x.svg", altText: "x" })
      .returning();
    expect(p).toMatchObject({ category: "shop-ceilings", featured: false, displayOrder: 0 });
    expect(p!.createdAt).toBeInstanceOf(Date);
    const [f] = await t.database.db.insert(faqs).values({ question: "Why?", answer: "Because it is." }).returning();
    expect(f).toMatchObject({ category: "general", displayOrder: 0 });
    const [r] = await t.database.db
      .insert(testimonials)
      .values({ name: "Ann", content: "Great work here." })
      .returning();
    expect(r).toMatchObject({ stars: 5, featured: false, displayOrder: 0 });
    await t.database.db.delete(projects).where(eq(projects.id, p!.id));
    await t.database.db.delete(faqs).where(eq(faqs.id, f!.id));
    await t.database.db.delete(testimonials).where(eq(testimonials.id, r!.id));
  });

  it("rejects a star rating outside 1 to 5", async () => {
    await expect(
      t.database.db.insert(testimonials).values({ name: "Bob", content: "Too many stars", stars: 6 }),
    ).rejects.toThrow();
    await expect(
      t.database.db.insert(testimonials).values({ name: "Bob", content: "Too few stars", stars: 0 }),
    ).rejects.toThrow();
  });

  it("keeps page slugs unique", async () => {
    await t.database.db.insert(pages).values({ slug: "unique-slug", title: "One", content: "Some content here" });
    await expect(
      t.database.db.insert(pages).values({ slug: "unique-slug", title: "Two", content: "Other content" }),
    ).rejects.toThrow();
    await t.database.db.delete(pages).where(eq(pages.slug, "unique-slug"));
  });

  it("treats usernames case-insensitively and removes a user's sessions with the user", async () => {
    const [u] = await t.database.db.insert(users).values({ username: "Admin", password: "hash" }).returning();
    await expect(t.database.db.insert(users).values({ username: "admin", password: "hash" })).rejects.toThrow();
    await t.database.db
      .insert(sessions)
      .values({ idHash: "h1", userId: u!.id, expiresAt: new Date(Date.now() + 60_000) });
    await t.database.db.delete(users).where(eq(users.id, u!.id));
    expect(await t.database.db.$count(sessions)).toBe(0);
  });

  it("seeds the demo content once, with the amounts the site relies on", async () => {
    expect(await seedDemoContent(t.database.db)).toBe(true);
    const all = await t.database.db.select().from(projects);
    expect(all).toHaveLength(12);
    expect(all.filter((p) => p.featured)).toHaveLength(8);
    expect(new Set(all.map((p) => p.category))).toEqual(
      new Set(["partitions", "suspended-ceilings", "shop-ceilings", "hair-salon", "repairs"]),
    );
    expect(await t.database.db.$count(testimonials)).toBeGreaterThanOrEqual(6);
    expect(await t.database.db.$count(faqs, eq(faqs.category, "shop-ceilings"))).toBeGreaterThanOrEqual(7);
    expect(await t.database.db.$count(faqs, eq(faqs.category, "general"))).toBeGreaterThan(0);
    const slugs = (await t.database.db.select({ slug: pages.slug }).from(pages)).map((p) => p.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        "home",
        "partitions",
        "suspended-ceilings",
        "shop-ceiling",
        "shop-ceiling-specialists",
        "ceiling-repair",
        "gallery",
        "about-us",
        "contact-us",
        "sitemap",
        "shop-ceiling-trends",
      ]),
    );
    for (const p of await t.database.db.select().from(pages)) {
      expect(p.metaTitle, p.slug).toBeTruthy();
      expect(p.metaDescription, p.slug).toBeTruthy();
    }

    // Idempotent: a restart does not duplicate anything...
    expect(await seedDemoContent(t.database.db)).toBe(false);
    expect(await t.database.db.$count(projects)).toBe(12);
    // ...and does not bring back content staff deleted.
    await t.database.db.delete(projects);
    expect(await seedDemoContent(t.database.db)).toBe(false);
    expect(await t.database.db.$count(projects)).toBe(0);
  });
});

describe("more than one server", () => {
  it(
    usePostgres
      ? "on one PostgreSQL, they migrate and seed exactly once when they start together"
      : "on one PGlite directory, a second one is refused and the first keeps its data",
    async () => {
      const fresh = await createTestDatabase();
      try {
        if (usePostgres) {
          const url = fresh.env.DATABASE_URL!;
          const servers = await Promise.all(
            Array.from({ length: 5 }, () =>
              openDatabase({ dataDir: fresh.env.DATA_DIR, databaseUrl: url, poolSize: 2 }),
            ),
          );
          const seeded = await Promise.all(servers.map((s) => seedDemoContent(s.db)));
          expect(seeded.filter(Boolean)).toHaveLength(1);
          await Promise.all(servers.map((s) => s.close()));
        } else {
          expect(await seedDemoContent(fresh.database.db)).toBe(true);
          await expect(openDatabase({ dataDir: fresh.env.DATA_DIR })).rejects.toThrow(/in use by another server/);
        }
        expect(await fresh.database.db.$count(projects)).toBe(12);
      } finally {
        await fresh.dispose();
      }
    },
  );
});
