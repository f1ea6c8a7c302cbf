import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import type { AppServices } from "~/services.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { requireAdmin } from "./require-admin.server";
import { cookieName, createSession, destroySession, type SessionSettings } from "./session.server";

// An admin page's loaders (the admin layout's and the page's) share one read of the session for a
// GET: React Router gives each loader its own copy of the Request but the same load context. An
// action reads its own, so a sign-out is seen at once.

let t: TestDatabase;
let db: Db;
const SETTINGS: SessionSettings = { idleMinutes: 60, absoluteHours: 12, secureCookie: false };

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
});
afterAll(async () => {
  await t?.dispose();
});

/** What requireAdmin reads of the load context: the services' database and session settings. */
const loadContext = () => ({ services: { database: t.database, sessions: SETTINGS } as unknown as AppServices });

/** The request a loader gets: a copy per loader, as React Router makes them. */
const request = (token: string, method = "GET") =>
  new Request("http://localhost/admin/jobs", { method, headers: { cookie: `${cookieName(false)}=${token}` } });

/** Whether requireAdmin let the request through (a thrown redirect to the sign-in page: no). */
const signedIn = (req: Request, context: { services: AppServices }) =>
  requireAdmin(req, context, "/admin").then(
    (user) => user.username,
    (thrown: unknown) => {
      if (thrown instanceof Response && thrown.status === 302) return "signed out";
      throw thrown;
    },
  );

describe("requireAdmin", () => {
  it("reads the session once for a GET's loaders, afresh for another request and for an action", async () => {
    const [user] = await db
      .insert(users)
      .values({ username: "aoife", password: "not-a-real-hash", role: "owner" })
      .returning({ id: users.id });
    const token = await createSession(db, user!.id, SETTINGS);
    const page = loadContext();
    expect(await signedIn(request(token), page)).toBe("aoife");

    // Signed out (e.g. in another tab) after the layout's loader read the session: the page's own
    // loader, the same GET, is answered from that read; the next request reads it again.
    await destroySession(db, token);
    expect(await signedIn(request(token), page)).toBe("aoife");
    expect(await signedIn(request(token), loadContext())).toBe("signed out");
    // An action, even on the same load context, reads the session itself.
    expect(await signedIn(request(token, "POST"), page)).toBe("signed out");
  });
});
