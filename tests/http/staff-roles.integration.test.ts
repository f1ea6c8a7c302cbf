import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, sessions, users } from "~/db/schema";
import { deleteUser, LAST_OWNER_DELETE, LAST_OWNER_DEMOTE } from "~/features/admin/users/users.server";
import { CONFIRM_MESSAGE } from "~/features/auth/require-admin.server";
import { hashPassword } from "~/features/auth/password.server";
import { replaceRecoveryCodes } from "~/features/auth/two-factor/recovery-codes.server";
import { encryptTotpSecret, newTotpSecret } from "~/features/auth/two-factor/totp.server";
import { setTwoFactorRequired } from "~/features/auth/two-factor/two-factor-policy.server";
import { callApi, serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Roles on users (first account, last owner, role changes in the audit log) and confirm-before-
// danger: each dangerous call answers 403 { confirm: true } until POST /api/auth/confirm, with and
// without two-factor sign-in, and the confirmation lapses after 10 minutes. On the built server.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
const PASSWORD = "Confirm-Bulkhead-58";
const db = () => t.database.db;

async function addUser(username: string, role: "owner" | "office" | "editor") {
  const [row] = await db()
    .insert(users)
    .values({ username, role, password: await hashPassword(PASSWORD) })
    .returning({ id: users.id });
  return row!.id;
}

const api = (cookie: string | null, method: string, path: string, body?: unknown) =>
  callApi(site.origin, method, path, body, cookie ? { cookie } : {});

/** The session row behind a cookie (there is one per sign-in: the newest of the user's). */
async function ageConfirmation(userId: number, minutes: number) {
  await db()
    .update(sessions)
    .set({ confirmedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.userId, userId));
}

const confirmAsked = { message: CONFIRM_MESSAGE, confirm: true };

beforeAll(async () => {
  t = await createTestDatabase();
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

describe("the first account", () => {
  it("is an owner when registered on an empty site, and says so", async () => {
    const res = await api(null, "POST", "/api/auth/register", { username: "first-owner", password: PASSWORD });
    expect(res.status).toBe(201);
    const [row] = await db().select({ role: users.role }).from(users).where(eq(users.username, "first-owner"));
    expect(row!.role).toBe("owner");
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    expect((await api(cookie, "GET", "/api/auth/user")).body).toMatchObject({ role: "owner" });
  });
});

describe("confirm before danger, without two-factor", () => {
  let owner: string;
  let ownerId: number;
  let targetId: number;

  beforeAll(async () => {
    ownerId = await addUser("nuala-owner", "owner");
    targetId = await addUser("padraig-office", "office");
    owner = await signIn(site.origin, "nuala-owner", PASSWORD);
  });

  it("refuses each dangerous call with confirm: true and changes nothing", async () => {
    const before = await db().select().from(users).where(eq(users.id, targetId));
    const usersBefore = await db().select().from(users);
    const businessBefore = (await api(owner, "GET", "/api/admin/settings/business")).body;
    const dangerous: Array<[string, string, unknown?]> = [
      ["PUT", `/api/admin/users/${targetId}/password`, { passwordMode: "generate" }],
      ["DELETE", `/api/admin/users/${targetId}/two-factor`],
      ["DELETE", `/api/admin/users/${targetId}`],
      ["PUT", `/api/admin/users/${targetId}`, { role: "owner" }],
      ["PUT", "/api/admin/settings/auto-reply", { autoReplyEnabled: false }],
      ["PUT", "/api/admin/account/email", { email: "someone@elsewhere.example" }],
      ["GET", "/api/admin/contacts/export.csv"],
      // The doors left open before (issue 34): your own reset address, a new owner, where lead
      // e-mails go and the Reply-To of every visitor e-mail.
      ["PUT", `/api/admin/users/${ownerId}/email`, { email: "thief@elsewhere.example" }],
      ["PUT", `/api/admin/users/${targetId}/email`, { email: "thief@elsewhere.example" }],
      ["POST", "/api/admin/users", { username: "thief-owner", role: "owner", passwordMode: "generate" }],
      ["POST", "/api/admin/users", { username: "thief-editor", role: "editor", passwordMode: "generate" }],
      ["PUT", "/api/admin/settings/business", { notifyEmails: ["thief@elsewhere.example"] }],
      ["PUT", "/api/admin/settings/business", { email: "thief@elsewhere.example" }],
      ["PUT", "/api/admin/settings/business", { phone: "01 555 6666" }],
    ];
    for (const [method, path, body] of dangerous) {
      const res = await api(owner, method, path, body);
      expect([method, path, res.status, res.body]).toEqual([method, path, 403, confirmAsked]);
    }
    expect(await db().select().from(users).where(eq(users.id, targetId))).toEqual(before);
    expect(await db().select().from(users)).toEqual(usersBefore);
    expect((await api(owner, "GET", "/api/admin/settings/business")).body).toEqual(businessBefore);
    // Turning "require two-factor" off needs it; turning it on does not.
    expect((await api(owner, "PUT", "/api/admin/settings/two-factor", { required: false })).body).toEqual(confirmAsked);
    expect((await api(owner, "PUT", "/api/admin/settings/two-factor", { required: true })).status).toBe(200);
    await setTwoFactorRequired(db(), false);
  });

  it("refuses to start or finish setting up two-factor sign-in until confirmed, and stores nothing", async () => {
    const form = (cookie: string, fields: Record<string, string>) =>
      fetch(`${site.origin}/admin/account/two-factor`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const fresh = await signIn(site.origin, "nuala-owner", PASSWORD);
    const refused: Array<Record<string, string>> = [{ intent: "start" }, { intent: "confirm", code: "123456" }];
    for (const fields of refused) {
      const res = await form(fresh, fields);
      expect([fields.intent, res.status]).toEqual([fields.intent, 403]);
      expect(await res.text()).toContain("Please confirm it&#x27;s you: enter your password to continue.");
    }
    const [row] = await db().select().from(users).where(eq(users.id, ownerId));
    expect([row!.totpPendingSecret, row!.totpSecret, row!.totpEnabledAt]).toEqual([null, null, null]);

    await api(fresh, "POST", "/api/auth/confirm", { password: PASSWORD });
    expect((await form(fresh, { intent: "start" })).status).toBe(200);
    const [pending] = await db().select().from(users).where(eq(users.id, ownerId));
    expect(pending!.totpPendingSecret).not.toBeNull();
    expect((await form(fresh, { intent: "cancel" })).status).toBe(200);
  });

  it("refuses a wrong password with a message, then confirms the session for the retried call", async () => {
    const wrong = await api(owner, "POST", "/api/auth/confirm", { password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ message: "That is not your password" });
    expect((await api(owner, "POST", "/api/auth/confirm", {})).status).toBe(400);
    const [failure] = await db().select().from(auditLog).where(eq(auditLog.action, "account.confirm-failure"));
    expect(failure).toMatchObject({ username: "nuala-owner" });

    const ok = await api(owner, "POST", "/api/auth/confirm", { password: PASSWORD });
    expect(ok.status).toBe(204);
    const [row] = await db().select({ at: sessions.confirmedAt }).from(sessions).where(eq(sessions.userId, ownerId));
    expect(Date.now() - row!.at!.getTime()).toBeLessThan(60_000);

    const changed = await api(owner, "PUT", `/api/admin/users/${targetId}`, { role: "editor" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: targetId, username: "padraig-office", role: "editor" });
    const csv = await api(owner, "GET", "/api/admin/contacts/export.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
  });

  it("names the role change in the audit log, from and to", async () => {
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "user.role"));
    expect(entry).toMatchObject({
      username: "nuala-owner",
      summary: "Changed padraig-office's role from Office to Editor",
      targetId: String(targetId),
      details: { from: "office", to: "editor" },
    });
  });

  it("lapses after 10 minutes (the time is on the session row, shared by every instance)", async () => {
    await ageConfirmation(ownerId, 9);
    expect((await api(owner, "PUT", `/api/admin/users/${targetId}`, { role: "office" })).status).toBe(200);
    await ageConfirmation(ownerId, 11);
    const again = await api(owner, "PUT", `/api/admin/users/${targetId}`, { role: "editor" });
    expect(again).toMatchObject({ status: 403, body: confirmAsked });
    const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, targetId));
    expect(row!.role).toBe("office");
  });

  it("does not carry one session's confirmation to another", async () => {
    await api(owner, "POST", "/api/auth/confirm", { password: PASSWORD });
    const otherSession = await signIn(site.origin, "nuala-owner", PASSWORD);
    expect((await api(otherSession, "DELETE", `/api/admin/users/${targetId}/two-factor`)).body).toEqual(confirmAsked);
  });

  it("answers 401 to a confirmation without a session", async () => {
    expect((await api(null, "POST", "/api/auth/confirm", { password: PASSWORD })).status).toBe(401);
  });
});

describe("confirm before danger, with two-factor", () => {
  let owner: string;
  let ownerId: number;
  let targetId: number;
  let secret: string;
  let recovery: string[];

  beforeAll(async () => {
    ownerId = await addUser("orla-owner", "owner");
    targetId = await addUser("ruadhan-editor", "editor");
    owner = await signIn(site.origin, "orla-owner", PASSWORD);
    // Two-factor turned on after this session began: the confirmation asks for the code all the same.
    secret = newTotpSecret();
    await db()
      .update(users)
      .set({ totpSecret: encryptTotpSecret(secret, site.services.appSecret, ownerId), totpEnabledAt: new Date() })
      .where(eq(users.id, ownerId));
    recovery = await replaceRecoveryCodes(db(), ownerId);
  });

  const code = () =>
    new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate();

  it("asks for the code as well as the password", async () => {
    expect((await api(owner, "DELETE", `/api/admin/users/${targetId}`)).body).toEqual(confirmAsked);
    const noCode = await api(owner, "POST", "/api/auth/confirm", { password: PASSWORD });
    expect(noCode.status).toBe(400);
    expect(noCode.body.fieldErrors).toHaveProperty("code");
    const wrongCode = await api(owner, "POST", "/api/auth/confirm", { password: PASSWORD, code: "000000" });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body.fieldErrors).toHaveProperty("code");
    const wrongPassword = await api(owner, "POST", "/api/auth/confirm", { password: "Wrong-Password-1", code: code() });
    expect(wrongPassword.status).toBe(401);
    expect((await api(owner, "DELETE", `/api/admin/users/${targetId}`)).body).toEqual(confirmAsked);
  });

  it("accepts an authenticator code, then the dangerous call goes through", async () => {
    expect((await api(owner, "POST", "/api/auth/confirm", { password: PASSWORD, code: code() })).status).toBe(204);
    expect((await api(owner, "DELETE", `/api/admin/users/${targetId}`)).status).toBe(204);
    expect(await db().select().from(users).where(eq(users.id, targetId))).toEqual([]);
  });

  it("accepts a recovery code, once", async () => {
    await ageConfirmation(ownerId, 11);
    const body = { password: PASSWORD, code: recovery[0] };
    expect((await api(owner, "POST", "/api/auth/confirm", body)).status).toBe(204);
    await ageConfirmation(ownerId, 11);
    expect((await api(owner, "POST", "/api/auth/confirm", body)).status).toBe(401);
  });
});

describe("roles on users", () => {
  let owner: string;
  let ownerId: number;

  beforeAll(async () => {
    ownerId = await addUser("saoirse-owner", "owner");
    owner = await signIn(site.origin, "saoirse-owner", PASSWORD);
    await api(owner, "POST", "/api/auth/confirm", { password: PASSWORD });
  });

  it("adds a user with a role (an editor when none is given), and lists roles", async () => {
    const office = await api(owner, "POST", "/api/admin/users", {
      username: "tadhg-office",
      role: "office",
      passwordMode: "generate",
    });
    expect(office.status).toBe(201);
    expect(office.body).toMatchObject({ username: "tadhg-office", role: "office" });
    const plain = await api(owner, "POST", "/api/admin/users", { username: "una-plain", passwordMode: "generate" });
    expect(plain.body).toMatchObject({ role: "editor" });
    const bad = await api(owner, "POST", "/api/admin/users", {
      username: "vera-bad",
      role: "admin",
      passwordMode: "generate",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({ role: "Choose a role: owner, office, editor or crew" });
    const list = await api(owner, "GET", "/api/admin/users");
    expect(list.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ username: "tadhg-office", role: "office" })]),
    );
    expect((await api(owner, "PUT", `/api/admin/users/${office.body.id}`, { role: "boss" })).status).toBe(400);
    expect((await api(owner, "PUT", "/api/admin/users/999999", { role: "editor" })).status).toBe(404);
  });

  it("never leaves the site without an owner: the last one can be neither demoted nor deleted (409)", async () => {
    // Every other owner becomes an editor, so saoirse-owner is the last.
    const others = await db().select({ id: users.id, role: users.role }).from(users);
    for (const other of others)
      if (other.role === "owner" && other.id !== ownerId)
        expect((await api(owner, "PUT", `/api/admin/users/${other.id}`, { role: "editor" })).status).toBe(200);

    const demote = await api(owner, "PUT", `/api/admin/users/${ownerId}`, { role: "office" });
    expect(demote).toMatchObject({ status: 409, body: { message: LAST_OWNER_DEMOTE } });

    // Deleting the last owner: the API's role check stops anyone but an owner, and an owner cannot
    // delete themselves; should another owner's session race a demotion, the lock still refuses.
    const [editor] = await db().select({ id: users.id }).from(users).where(eq(users.username, "una-plain"));
    expect(await deleteUser(db(), editor!.id, ownerId)).toEqual({ status: "refused", message: LAST_OWNER_DELETE });
    expect((await db().select({ id: users.id }).from(users).where(eq(users.role, "owner"))).map((u) => u.id)).toEqual([
      ownerId,
    ]);
  });
});
