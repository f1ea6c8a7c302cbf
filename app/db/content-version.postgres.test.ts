import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { openDatabase, type Database } from "./client.server";
import { watchContentVersion, type ContentVersion } from "./content-version.server";
import { pages } from "./schema";

// Several servers on one PostgreSQL database: what one changes, the others' caches must drop.
const logger = pino({ level: "silent" });
let t: TestDatabase;
let other: Database;
let watcher: ContentVersion;
beforeAll(async () => {
  t = await createTestDatabase({ postgres: true });
  other = await openDatabase({ dataDir: t.env.DATA_DIR, databaseUrl: t.env.DATABASE_URL, poolSize: 1 });
  watcher = watchContentVersion(t.database, logger);
  await watcher.current();
});
afterAll(async () => {
  await watcher?.close();
  await other?.close();
  await t?.dispose();
});

const touchAboutPage = (database: Database, title: string) =>
  database.db.update(pages).set({ metaTitle: title }).where(eq(pages.slug, "about-us"));

describe("the content version on PostgreSQL shared by several servers", () => {
  it("hears another server's change by NOTIFY, without reading it", async () => {
    const before = await watcher.current();
    await touchAboutPage(other, "About | other server");
    await expect.poll(() => watcher.peek(), { timeout: 2000, interval: 5 }).toBeGreaterThan(before);
  });

  it("reads the version on each request while its listening connection is lost, and listens again", async () => {
    await other.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
    );
    await expect.poll(() => watcher.peek(), { timeout: 2000, interval: 5 }).toBeUndefined();
    // Meanwhile a change by the other server is seen on the next request (a fresh read).
    const before = await watcher.current();
    await touchAboutPage(other, "About | while not listening");
    expect(await watcher.current()).toBeGreaterThan(before);
    // It reconnects within a few seconds and knows the version without a query again.
    await expect.poll(() => watcher.peek(), { timeout: 5000, interval: 20 }).toBe(await watcher.current());
  });
});
