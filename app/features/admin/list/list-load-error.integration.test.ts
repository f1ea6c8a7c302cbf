import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { serveBuiltApp } from "../../../../tests/support/built-app";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";

// A list whose loader fails (here: its table is gone) shows the list's own error state inside the
// admin layout — the heading, "could not be loaded" and Try again — and the page works again as
// soon as the data can be read. (The browser shows the spec's "Failed to fetch …" toast with it.)

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.insert(users).values({ username: "orla", password: await hashPassword("Grid-Ceiling-77") });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  const res = await fetch(`${site.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "orla", password: "Grid-Ceiling-77" }),
  });
  cookie = res.headers.get("set-cookie")!.split(";")[0]!;
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const page = async (path: string) => {
  const res = await fetch(`${site.origin}${path}`, { headers: { cookie } });
  // Without React's markers between text parts.
  return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
};

describe("a list that cannot be loaded", () => {
  it("shows the list's error state in the admin layout, then the list once it can be read", async () => {
    const db = t.database.db;
    await db.execute(sql`alter table faqs rename to faqs_away`);
    try {
      const failed = await page("/admin/faqs");
      expect(failed.status).toBe(500);
      expect(failed.html).toContain('<h1 class="text-3xl font-bold">FAQs</h1>');
      expect(failed.html).toContain("The FAQs could not be loaded.");
      expect(failed.html).toMatch(/<button[^>]*>Try again<\/button>/);
      // The rest of the admin is still there: its navigation, and the other lists.
      expect(failed.html).toContain('aria-label="Admin"');
      expect((await page("/admin/pages")).status).toBe(200);
    } finally {
      await db.execute(sql`alter table faqs_away rename to faqs`);
    }
    const back = await page("/admin/faqs");
    expect(back.status).toBe(200);
    expect(back.html).not.toContain("could not be loaded");
    expect(back.html).toContain("There are no FAQs yet.");
  });
});
