import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import type { Database } from "./client.server";
import { watchContentVersion, type ContentVersion } from "./content-version.server";
import { pages } from "./schema";

const logger = pino({ level: "silent" });
let t: TestDatabase;
let watcher: ContentVersion;
beforeAll(async () => {
  t = await createTestDatabase();
  watcher = watchContentVersion(t.database, logger);
  await watcher.current();
});
afterAll(async () => {
  await watcher?.close();
  await t?.dispose();
});

const touchAboutPage = (database: Database, title: string) =>
  database.db.update(pages).set({ metaTitle: title }).where(eq(pages.slug, "about-us"));

/** The version, read from the table as another server would (never from the watcher's memory). */
async function versionInTable(): Promise<number> {
  const other = watchContentVersion(t.database, logger);
  try {
    return await other.known();
  } finally {
    await other.close();
  }
}

describe("the content version a server keeps in memory (the page cache's test of freshness)", () => {
  it("is known without a query while the server listens", async () => {
    expect(watcher.peek()).toBe(await versionInTable());
  });

  it("follows this server's own change before the writer goes on: the very next request sees it", async () => {
    const before = await watcher.current();
    await touchAboutPage(t.database, "About | own write");
    // No waiting: the change is known (or forgotten and read afresh) as the write returns.
    expect(await watcher.current()).toBeGreaterThan(before);
    expect(await watcher.current()).toBe(await versionInTable());
  });

  it("follows this server's change made inside a transaction once it commits", async () => {
    const before = await watcher.current();
    await t.database.db.transaction(async (tx) => {
      await tx.update(pages).set({ metaTitle: "About | in a transaction" }).where(eq(pages.slug, "about-us"));
    });
    expect(await watcher.current()).toBeGreaterThan(before);
  });
});
