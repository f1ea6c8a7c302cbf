import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, emailOutbox, passwordResets, users } from "~/db/schema";
import { createUserAsOperator } from "~/features/auth/auth.server";
import { hashPassword, verifyPassword } from "~/features/auth/password.server";
import { NEW_PASSWORD_MESSAGES } from "~/features/auth/password-rule";
import { resetPasswordAsOperator } from "~/features/admin/users/users.server";
import { callApi, confirmSession, serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Issue 27 item 7: one rule for every new password, at every door, and "Forgot password?" (a
// one-time link by e-mail through the outbox, 30 minutes, sessions ended, no telling who exists).

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let adminCookie: string;
const ADMIN = { username: "grainne", password: "Acoustic-Tiles-2026" };
const SHORT = "Grid-9-ok"; // 9 characters
const COMMON = "Password123"; // on the list, lowercased

beforeAll(async () => {
  t = await createTestDatabase();
  const [admin] = await t.database.db
    .insert(users)
    .values({ username: ADMIN.username, password: await hashPassword(ADMIN.password) })
    .returning({ id: users.id });
  await t.database.db.update(users).set({ email: "grainne@example.ie" }).where(eq(users.id, admin!.id));
  site = await serveBuiltApp(t.database, {
    env: {
      SITE_URL: "https://www.example.ie",
      LOGIN_RATE_LIMIT_USER_POINTS: "100",
      LOGIN_RATE_LIMIT_IP_POINTS: "1000",
      PASSWORD_RESET_RATE_LIMIT_IP_POINTS: "1000",
      PASSWORD_RESET_RATE_LIMIT_USER_POINTS: "3",
    },
  });
  adminCookie = await signIn(site.origin, ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});
beforeEach(async () => {
  await t.database.db.delete(emailOutbox);
});

const api = (method: string, path: string, body?: unknown, cookie: string | null = adminCookie) =>
  callApi(site.origin, method, path, body, cookie ? { cookie } : {});

async function addUser(username: string, password: string, email: string | null = null) {
  const [row] = await t.database.db
    .insert(users)
    .values({ username, password: await hashPassword(password), email })
    .returning({ id: users.id });
  return row!.id;
}

const resetMails = () => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "password-reset"));

/** Asks for a reset and answers the link's token from the queued e-mail. */
async function requestLink(username: string): Promise<string> {
  expect((await api("POST", "/api/auth/password-reset", { username }, null)).status).toBe(202);
  const [mail] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, "password-reset"))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const link = /https:\/\/www\.example\.ie\/admin\/reset-password\/([\w-]+)/.exec(mail!.bodyText);
  expect(link).not.toBeNull();
  return link![1]!;
}

describe("one rule for every new password: at least 10 characters, not a common one", () => {
  it("registration (the first account)", async () => {
    for (const [password, message] of [
      [SHORT, NEW_PASSWORD_MESSAGES.short],
      [COMMON, NEW_PASSWORD_MESSAGES.common],
    ]) {
      const res = await api("POST", "/api/auth/register", { username: "first.admin", password }, null);
      expect(res.status, password).toBe(400);
      expect(res.body.fieldErrors.password, password).toBe(message);
    }
  });

  it("adding a user, changing your own password, an admin's reset", async () => {
    const add = (password: string) =>
      api("POST", "/api/admin/users", { username: "new.fitter", passwordMode: "choose", password });
    const change = (password: string) =>
      api("PUT", "/api/admin/account/password", {
        currentPassword: ADMIN.password,
        newPassword: password,
        confirmPassword: password,
      });
    const id = await addUser("siofra", "Bulkhead-Edge-31");
    const adminReset = (password: string) =>
      api("PUT", `/api/admin/users/${id}/password`, { passwordMode: "choose", password });
    // Someone else's password needs the admin's own first (confirm-before-danger).
    await confirmSession(site.origin, adminCookie, ADMIN.password);
    for (const door of [add, change, adminReset]) {
      const short = await door(SHORT);
      expect(short.status).toBe(400);
      expect(Object.values(short.body.fieldErrors)).toEqual([NEW_PASSWORD_MESSAGES.short]);
      const common = await door(COMMON);
      expect(common.status).toBe(400);
      expect(Object.values(common.body.fieldErrors)).toEqual([NEW_PASSWORD_MESSAGES.common]);
    }
    expect(await t.database.db.$count(users, eq(users.username, "new.fitter"))).toBe(0);
    expect((await add("Ten-chars!")).status).toBe(201);
  });

  it("the command line's create-user and reset-password", async () => {
    expect(await createUserAsOperator(t.database.db, "cli.user", SHORT)).toMatchObject({
      status: "invalid",
      message: NEW_PASSWORD_MESSAGES.short,
    });
    expect(await createUserAsOperator(t.database.db, "cli.user", COMMON)).toMatchObject({
      status: "invalid",
      message: NEW_PASSWORD_MESSAGES.common,
    });
    expect(
      await resetPasswordAsOperator(t.database.db, ADMIN.username, SHORT, { turnOffTwoFactor: false }),
    ).toMatchObject({ status: "invalid", message: NEW_PASSWORD_MESSAGES.short });
  });

  it("a reset link", async () => {
    await addUser("ronan", "Plasterboard-42", "ronan@example.ie");
    const token = await requestLink("ronan");
    for (const [password, message] of [
      [SHORT, NEW_PASSWORD_MESSAGES.short],
      [COMMON, NEW_PASSWORD_MESSAGES.common],
    ]) {
      const res = await api("POST", `/api/auth/password-reset/${token}`, { password }, null);
      expect(res.status, password).toBe(400);
      expect(res.body.fieldErrors.password, password).toBe(message);
    }
    // Refusals do not use the link up.
    expect(
      (await api("POST", `/api/auth/password-reset/${token}`, { password: "Ronan-New-Grid-1" }, null)).status,
    ).toBe(200);
  });
});

describe("Forgot password? POST /api/auth/password-reset, then the link", () => {
  it("e-mails a link that works once, ends every session of the account and is audit-logged", async () => {
    const id = await addUser("maeve", "Suspended-Grid-88", "maeve@example.ie");
    const sessionA = await signIn(site.origin, "maeve", "Suspended-Grid-88");
    const sessionB = await signIn(site.origin, "maeve", "Suspended-Grid-88");
    const token = await requestLink("MAEVE"); // usernames ignore case, as at sign-in
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url
    const [mail] = await resetMails();
    expect(mail).toMatchObject({ toAddress: "maeve@example.ie", status: "pending" });
    expect(mail!.bodyText).toContain("works once, for 30 minutes");
    // Only the token's hash is stored.
    const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * 60_000);

    expect((await fetch(`${site.origin}/admin/reset-password/${token}`)).status).toBe(200);
    const ok = await api("POST", `/api/auth/password-reset/${token}`, { password: "Maeve-Fresh-Ceiling" }, null);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatch(/Your password has been changed/);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(await verifyPassword(user!.password, "Maeve-Fresh-Ceiling")).toBe(true);
    for (const cookie of [sessionA, sessionB])
      expect((await api("GET", "/api/auth/user", undefined, cookie)).status).toBe(401);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "account.password-reset-link"), eq(auditLog.userId, id)));
    expect(audit).toMatchObject({ username: "maeve", details: { sessionsEnded: 2 } });
    expect(JSON.stringify(audit)).not.toContain("Maeve-Fresh-Ceiling");

    const again = await api("POST", `/api/auth/password-reset/${token}`, { password: "Maeve-Other-Ceiling" }, null);
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(
      "This link has expired or has already been used. Ask for a new one from the sign-in page.",
    );
    expect((await fetch(`${site.origin}/admin/reset-password/${token}`)).status).toBe(410);
    expect((await signIn(site.origin, "maeve", "Maeve-Fresh-Ceiling")).length).toBeGreaterThan(0);
  });

  it("goes to the address an admin set on the users page (PUT /api/admin/users/{id}/email)", async () => {
    const id = await addUser("orla", "Shopfront-Bulkhead-7");
    // Someone else's reset address could take their account: the admin's password first (a new
    // session has not confirmed it).
    const fresh = await signIn(site.origin, ADMIN.username, ADMIN.password);
    const unconfirmed = await api("PUT", `/api/admin/users/${id}/email`, { email: "orla@example.ie" }, fresh);
    expect(unconfirmed).toMatchObject({ status: 403, body: { confirm: true } });
    await confirmSession(site.origin, adminCookie, ADMIN.password);
    const bad = await api("PUT", `/api/admin/users/${id}/email`, { email: "not an address" });
    expect(bad).toMatchObject({
      status: 400,
      body: { fieldErrors: { email: "Enter a valid e-mail address, or leave it empty for none" } },
    });
    expect((await api("PUT", `/api/admin/users/${id}/email`, { email: "orla@example.ie" })).body).toEqual({
      email: "orla@example.ie",
    });
    expect((await api("GET", "/api/admin/users")).body.find((u: { id: number }) => u.id === id).email).toBe(
      "orla@example.ie",
    );
    await requestLink("orla");
    expect((await resetMails()).map((m) => m.toAddress)).toEqual(["orla@example.ie"]);
    expect((await api("PUT", `/api/admin/users/${id}/email`, { email: "" })).body).toEqual({ email: null });
    expect((await api("PUT", "/api/admin/users/999999/email", { email: "" })).status).toBe(404);
    expect((await api("PUT", `/api/admin/users/${id}/email`, { email: "x@example.ie" }, null)).status).toBe(401);
  });

  it("a link stops working 30 minutes after it was sent: 410, password unchanged", async () => {
    const id = await addUser("tadhg", "Fire-Rated-Wall-60", "tadhg@example.ie");
    const token = await requestLink("tadhg");
    // As if the half hour had passed: the row's expiry is now.
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, id));
    const res = await api("POST", `/api/auth/password-reset/${token}`, { password: "Tadhg-Later-Grid-1" }, null);
    expect(res.status).toBe(410);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(await verifyPassword(user!.password, "Fire-Rated-Wall-60")).toBe(true);
    expect(
      (await api("POST", "/api/auth/password-reset/not-a-token", { password: "Whatever-Long-1" }, null)).status,
    ).toBe(410);
  });

  it("answers 202 the same for an unknown user and a user without an e-mail address, and sends nothing", async () => {
    const id = await addUser("no.email", "Tegular-Edge-Tile-9");
    const known = await api("POST", "/api/auth/password-reset", { username: "no.email" }, null);
    const unknown = await api("POST", "/api/auth/password-reset", { username: "nobody.here" }, null);
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(await resetMails()).toHaveLength(0);
    expect(await t.database.db.$count(passwordResets, eq(passwordResets.userId, id))).toBe(0);
    const bad = await api("POST", "/api/auth/password-reset", { username: "  " }, null);
    expect(bad).toMatchObject({ status: 400, body: { fieldErrors: { username: "Enter your username" } } });
  });

  it("is rate limited per username (known or not) with 429 and Retry-After", async () => {
    await addUser("cillian", "Demountable-Wall-5", "cillian@example.ie");
    for (const username of ["cillian", "ghost.user"]) {
      for (let i = 0; i < 3; i++)
        expect((await api("POST", "/api/auth/password-reset", { username }, null)).status, username).toBe(202);
      const blocked = await api("POST", "/api/auth/password-reset", { username }, null);
      expect(blocked.status, username).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(blocked.body.message).toMatch(
        /^Too many password reset requests\. Please wait \d+ minutes? and try again\.$/,
      );
    }
    expect(await resetMails()).toHaveLength(3);
  });
});
