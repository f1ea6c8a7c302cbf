import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { seedDemoContent } from "~/features/demo/seed.server";
import { hashPassword } from "~/features/auth/password.server";
import { serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// A page whose data cannot be read (here: its table is made unreadable for a moment, as a failed
// migration or a database fault would) fails inside its layout: the public site keeps its header
// and footer, the admin keeps its menu and offers to try again.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.database.db);
  await t.database.db.insert(users).values({ username: "roisin", password: await hashPassword("Boundary-Tester-88") });
  site = await serveBuiltApp(t.database);
  cookie = await signIn(site.origin, "roisin", "Boundary-Tester-88");
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

/** Runs `fn` while `table` cannot be read, then puts it back. */
function withTableAway<T>(table: string, fn: () => Promise<T>): Promise<T> {
  return withRenamed(
    `ALTER TABLE ${table} RENAME TO ${table}_away`,
    `ALTER TABLE ${table}_away RENAME TO ${table}`,
    fn,
  );
}

/** Runs `fn` while one column of `table` cannot be read, then puts it back. */
function withColumnAway<T>(table: string, column: string, fn: () => Promise<T>): Promise<T> {
  return withRenamed(
    `ALTER TABLE ${table} RENAME COLUMN ${column} TO ${column}_away`,
    `ALTER TABLE ${table} RENAME COLUMN ${column}_away TO ${column}`,
    fn,
  );
}

async function withRenamed<T>(away: string, back: string, fn: () => Promise<T>): Promise<T> {
  await t.database.db.execute(sql.raw(away));
  try {
    return await fn();
  } finally {
    await t.database.db.execute(sql.raw(back));
  }
}

const page = async (path: string, init?: RequestInit) => {
  const res = await fetch(`${site.origin}${path}`, { redirect: "manual", ...init });
  return { status: res.status, cacheControl: res.headers.get("cache-control"), html: await res.text() };
};

describe("a public page that fails", () => {
  it("shows the error screen inside the site's header and footer, and is never cached", async () => {
    const failed = await withTableAway("projects", () => page("/gallery"));
    expect(failed.status).toBe(500);
    expect(failed.cacheControl).toBe("no-store");
    expect(failed.html).toContain("<title>Something went wrong</title>");
    expect(failed.html).toMatch(/<h1[^>]*>Something went wrong<\/h1>/);
    expect(failed.html).toMatch(/<button type="submit" class="btn-dark">Refresh Page<\/button>/);
    // The layout is still there: the header's home link and call button, the footer's links.
    expect(failed.html).toContain('aria-label="IC Interiors home"');
    expect(failed.html).toMatch(/href="tel:\+35315550192"[^>]*>Call <!-- -->01 555 0192/);
    expect(failed.html).toMatch(/<footer[\s\S]*Privacy Policy[\s\S]*<\/footer>/);
    expect(failed.html).not.toContain("All Projects"); // the gallery itself is not

    // Once the fault is gone, the page is back (nothing of the failure was kept).
    const back = await page("/gallery");
    expect(back.status).toBe(200);
    expect(back.html).toContain("All Projects");
  });
});

describe("an admin page that fails", () => {
  it("keeps the admin menu and header and offers to try again", async () => {
    // The audit log's own boundary (every admin list has one): its heading stays, the message says
    // what could not be loaded, and the layout around it is whole.
    const failed = await withTableAway("audit_log", () =>
      page("/admin/audit?activity=sign-in", { headers: { cookie } }),
    );
    expect(failed.status).toBe(500);
    expect(failed.cacheControl).toBe("no-store");
    expect(failed.html).toContain("<title>Audit Log | IC Interiors Admin</title>");
    expect(failed.html).toMatch(/<div role="alert"[^>]*><p[^>]*>The audit log entries could not be loaded.<\/p>/);
    // The retry reloads this same address, its query kept, when JavaScript has not loaded.
    expect(failed.html).toMatch(
      /<form class="mt-4" action="\/admin\/audit" method="get"><input type="hidden" name="activity" value="sign-in"\/><button type="submit" class="btn-dark">Try again<\/button>/,
    );
    // The admin around it: the title, the menu, who is signed in, the logout button.
    expect(failed.html).toContain("IC Interiors Admin");
    expect(failed.html).toMatch(/<nav aria-label="Admin">[\s\S]*Dashboard[\s\S]*Contact Submissions[\s\S]*Audit Log/);
    expect(failed.html).toContain("roisin");
    expect(failed.html).toMatch(/>Logout<\/button>/);

    expect((await page("/admin/audit?activity=sign-in", { headers: { cookie } })).status).toBe(200);
  });

  it("a page without its own boundary fails inside the layout's", async () => {
    // The account page shows the user's last sign-in: with that column away, only its loader fails.
    const failed = await withColumnAway("users", "last_sign_in_at", () =>
      page("/admin/account?tab=x", { headers: { cookie } }),
    );
    expect(failed.status).toBe(500);
    expect(failed.html).toContain("<title>Something went wrong | IC Interiors Admin</title>");
    expect(failed.html).toMatch(/<div role="alert"[^>]*><h1[^>]*>Something went wrong<\/h1>/);
    expect(failed.html).toContain("This page could not be loaded.");
    expect(failed.html).toMatch(
      /<form class="mt-6" action="\/admin\/account" method="get"><input type="hidden" name="tab" value="x"\/><button type="submit" class="btn-dark">Try again<\/button>/,
    );
    expect(failed.html).toMatch(/<nav aria-label="Admin">/);
  });

  it("says 'Admin' for the user when the admin's own data failed", async () => {
    // The layout counts unread enquiries for the menu: with that table away, the layout fails too.
    const failed = await withTableAway("contact_submissions", () => page("/admin/faqs", { headers: { cookie } }));
    expect(failed.status).toBe(500);
    expect(failed.html).toContain("This page could not be loaded.");
    expect(failed.html).toMatch(/<nav aria-label="Admin">/);
    expect(failed.html).toMatch(/Signed in as <!-- -->Admin/);
  });

  it("still shows the admin's not-found page for an unknown admin address", async () => {
    const missing = await page("/admin/no-such-page", { headers: { cookie } });
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("There is no admin page at this address.");
    expect(missing.html).toMatch(/<nav aria-label="Admin">/);
  });

  it("says which record is not there for a client, job or invoice that is not found", async () => {
    for (const [path, sentence] of [
      ["/admin/clients/999999", "There is no client with this id. It may have been merged into another."],
      ["/admin/jobs/999999", "There is no job with this number."],
      ["/admin/invoices/999999", "There is no invoice with this id. It may have been deleted."],
      ["/admin/quotes/999999", "There is no quote with this number. It may have been deleted with its enquiry."],
    ] as const) {
      const missing = await page(path, { headers: { cookie } });
      expect(missing.status, path).toBe(404);
      expect(missing.html, path).toContain(sentence);
      expect(missing.html, path).not.toContain("There is no admin page at this address.");
    }
  });
});
