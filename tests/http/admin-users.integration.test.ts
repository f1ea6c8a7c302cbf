import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, recoveryCodes, sessions, users } from "~/db/schema";
import { isTwoFactorRequired, setTwoFactorRequired } from "~/features/auth/two-factor/two-factor-policy.server";
import {
  CANNOT_DELETE_LAST,
  CANNOT_DELETE_SELF,
  deleteUser,
  WRONG_CURRENT_PASSWORD,
} from "~/features/admin/users/users.server";
import { hashPassword, verifyPassword } from "~/features/auth/password.server";
import { callApi, confirmSession, serveBuiltApp } from "../support/built-app";
import { runServerCommand } from "../support/server-process";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// The users page's API (/api/admin/users…), changing your own password, and the audit rows each
// change writes — on the built server.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let admin: string;
let adminId: number;
const PASSWORD = "Suspended-Grid-42";
/** Every password used in this file: none may ever appear in the audit log. */
const passwordsUsed = new Set([PASSWORD]);

const db = () => t.database.db;

async function addUser(username: string, password: string) {
  passwordsUsed.add(password);
  const [row] = await db()
    .insert(users)
    .values({ username, password: await hashPassword(password) })
    .returning({ id: users.id });
  return row!.id;
}

async function signIn(username: string, password: string): Promise<{ status: number; cookie: string | null }> {
  const res = await fetch(`${site.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  return { status: res.status, cookie: res.headers.get("set-cookie")?.split(";")[0] ?? null };
}

const api = (method: string, path: string, body?: unknown, cookie: string | null = admin) =>
  callApi(site.origin, method, path, body, cookie ? { cookie } : {});

async function auditRows(action: string) {
  return db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
}

beforeAll(async () => {
  t = await createTestDatabase();
  adminId = await addUser("siobhan", PASSWORD);
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  const signedIn = await signIn("siobhan", PASSWORD);
  expect(signedIn.status).toBe(200);
  admin = signedIn.cookie!;
  // As after the admin's password dialog: other users' passwords, two-factor and deletion ask first.
  await confirmSession(site.origin, admin, PASSWORD);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

describe("listing users", () => {
  it("is for signed-in staff only", async () => {
    expect((await api("GET", "/api/admin/users", undefined, null)).status).toBe(401);
    expect((await api("GET", "/api/admin/users/count", undefined, null)).status).toBe(401);
  });

  it("shows username, full name, e-mail, created, last sign-in and 2FA, never a password hash; the count is a bare number", async () => {
    const { status, body } = await api("GET", "/api/admin/users");
    expect(status).toBe(200);
    const me = body.find((u: { username: string }) => u.username === "siobhan");
    expect(Object.keys(me).sort()).toEqual([
      "createdAt",
      "email",
      "fullName",
      "id",
      "lastSignInAt",
      "role",
      "twoFactor",
      "username",
    ]);
    expect(new Date(me.lastSignInAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(me.twoFactor).toBe(false);
    expect((await api("GET", "/api/admin/users/count")).body).toBe(body.length);
  });

  it("shows the users page with the same people", async () => {
    const res = await fetch(`${site.origin}/admin/users`, { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("siobhan");
    expect(html).toContain("Require two-factor sign-in for every user");
  });
});

describe("adding a user", () => {
  it("generates a strong password, shown once, that signs the new user in", async () => {
    const { status, body } = await api("POST", "/api/admin/users", {
      username: "  ciaran.k ",
      passwordMode: "generate",
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ username: "ciaran.k", twoFactor: false, lastSignInAt: null });
    expect(body.generatedPassword).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/);
    passwordsUsed.add(body.generatedPassword);
    expect((await signIn("ciaran.k", body.generatedPassword)).status).toBe(200);
    // Not retrievable later.
    const listed = (await api("GET", "/api/admin/users")).body.find(
      (u: { username: string }) => u.username === "ciaran.k",
    );
    expect(JSON.stringify(listed)).not.toContain(body.generatedPassword);
    const [row] = await auditRows("user.create");
    expect(row).toMatchObject({
      userId: adminId,
      username: "siobhan",
      targetType: "user",
      targetId: String(body.id),
      summary: "Added user ciaran.k",
    });
  });

  it("takes a typed password, and refuses short, common or duplicate ones with field messages, storing nothing", async () => {
    const before = await db().$count(users);
    const short = await api("POST", "/api/admin/users", {
      username: "aoife",
      passwordMode: "choose",
      password: "short",
    });
    expect(short).toMatchObject({
      status: 400,
      body: { fieldErrors: { password: "Password must be at least 10 characters" } },
    });
    const common = await api("POST", "/api/admin/users", {
      username: "aoife",
      passwordMode: "choose",
      password: "password123",
    });
    expect(common.status).toBe(400);
    expect(common.body.fieldErrors.password).toMatch(/commonly used passwords/);
    const taken = await api("POST", "/api/admin/users", { username: "SIOBHAN", passwordMode: "generate" });
    expect(taken).toMatchObject({ status: 409, body: { fieldErrors: { username: "That username is already taken" } } });
    const badName = await api("POST", "/api/admin/users", { username: "a b", passwordMode: "generate" });
    expect(badName.status).toBe(400);
    expect(await db().$count(users)).toBe(before);

    const typed = "Partition-Track-77";
    passwordsUsed.add(typed);
    const ok = await api("POST", "/api/admin/users", { username: "aoife", passwordMode: "choose", password: typed });
    expect(ok.status).toBe(201);
    expect(ok.body.generatedPassword).toBeNull();
    expect((await signIn("aoife", typed)).status).toBe(200);
  });
});

describe("resetting another user's password", () => {
  it("sets a new password, signs them out everywhere and audits it", async () => {
    const id = await addUser("declan", "Old-Ceiling-Tile-1");
    const theirSession = (await signIn("declan", "Old-Ceiling-Tile-1")).cookie!;
    expect((await api("GET", "/api/admin/users/count", undefined, theirSession)).status).toBe(200);

    const { status, body } = await api("PUT", `/api/admin/users/${id}/password`, { passwordMode: "generate" });
    expect(status).toBe(200);
    passwordsUsed.add(body.generatedPassword);
    expect(body).toMatchObject({ username: "declan", sessionsEnded: 1 });
    expect((await api("GET", "/api/admin/users/count", undefined, theirSession)).status).toBe(401);
    expect((await signIn("declan", "Old-Ceiling-Tile-1")).status).toBe(401);
    expect((await signIn("declan", body.generatedPassword)).status).toBe(200);
    expect((await auditRows("user.password-reset")).at(-1)).toMatchObject({
      userId: adminId,
      targetId: String(id),
      summary: "Reset the password of declan",
    });
  });

  it("is not how you change your own, and 404s for nobody", async () => {
    expect((await api("PUT", `/api/admin/users/${adminId}/password`, { passwordMode: "generate" })).status).toBe(400);
    expect((await api("PUT", "/api/admin/users/999999/password", { passwordMode: "generate" })).status).toBe(404);
    expect((await api("PUT", "/api/admin/users/abc/password", { passwordMode: "generate" })).status).toBe(404);
  });
});

describe("deleting a user", () => {
  it("deletes another user, ends their sessions and audits it", async () => {
    const id = await addUser("fionn", "Grid-Ceiling-Works-9");
    const theirSession = (await signIn("fionn", "Grid-Ceiling-Works-9")).cookie!;
    expect((await api("DELETE", `/api/admin/users/${id}`)).status).toBe(204);
    expect(await db().$count(users, eq(users.id, id))).toBe(0);
    expect(await db().$count(sessions, eq(sessions.userId, id))).toBe(0);
    expect((await api("GET", "/api/admin/users/count", undefined, theirSession)).status).toBe(401);
    expect((await auditRows("user.delete")).at(-1)).toMatchObject({
      userId: adminId,
      targetId: String(id),
      summary: "Deleted user fionn",
    });
    expect((await api("DELETE", `/api/admin/users/${id}`)).status).toBe(404);
  });

  it("never deletes yourself", async () => {
    const res = await api("DELETE", `/api/admin/users/${adminId}`);
    expect(res).toMatchObject({ status: 409, body: { message: CANNOT_DELETE_SELF } });
    expect(await db().$count(users, eq(users.id, adminId))).toBe(1);
  });

  it("never deletes the last user", async () => {
    const scratch = await createTestDatabase();
    try {
      const [only] = await scratch.database.db
        .insert(users)
        .values({ username: "only", password: await hashPassword("Only-User-Left-1") })
        .returning({ id: users.id });
      expect(await deleteUser(scratch.database.db, only!.id, only!.id)).toEqual({
        status: "refused",
        message: CANNOT_DELETE_LAST,
      });
      expect(await scratch.database.db.$count(users)).toBe(1);
    } finally {
      await scratch.dispose();
    }
  });

  it("leaves one user when the last two delete each other at the same moment", async () => {
    const scratch = await createTestDatabase();
    try {
      const rows = await scratch.database.db
        .insert(users)
        .values([
          { username: "one", password: "x" },
          { username: "two", password: "x" },
        ])
        .returning({ id: users.id });
      const [a, b] = rows.map((r) => r.id) as [number, number];
      const results = await Promise.all([deleteUser(scratch.database.db, a, b), deleteUser(scratch.database.db, b, a)]);
      expect(results.filter((r) => r.status === "ok")).toHaveLength(1);
      expect(results.filter((r) => r.status === "refused")).toHaveLength(1);
      expect(await scratch.database.db.$count(users)).toBe(1);
    } finally {
      await scratch.dispose();
    }
  });
});

describe("changing your own password", () => {
  it("needs the current password, checks the new one, and ends your other sessions only", async () => {
    const first = "First-Password-11";
    await addUser("grainne", first);
    const here = (await signIn("grainne", first)).cookie!;
    const phone = (await signIn("grainne", first)).cookie!;
    const laptop = (await signIn("grainne", first)).cookie!;

    const wrong = await api(
      "PUT",
      "/api/admin/account/password",
      { currentPassword: "not-it-at-all", newPassword: "Second-Password-22", confirmPassword: "Second-Password-22" },
      here,
    );
    expect(wrong).toMatchObject({ status: 403, body: { fieldErrors: { currentPassword: WRONG_CURRENT_PASSWORD } } });
    const mismatch = await api(
      "PUT",
      "/api/admin/account/password",
      { currentPassword: first, newPassword: "Second-Password-22", confirmPassword: "Second-Password-23" },
      here,
    );
    expect(mismatch).toMatchObject({
      status: 400,
      body: { fieldErrors: { confirmPassword: "The two passwords don't match" } },
    });
    const common = await api(
      "PUT",
      "/api/admin/account/password",
      { currentPassword: first, newPassword: "iloveyou1", confirmPassword: "iloveyou1" },
      here,
    );
    expect(common.status).toBe(400);
    // None of the refusals changed anything.
    expect((await api("GET", "/api/admin/users/count", undefined, phone)).status).toBe(200);

    const second = "Second-Password-22";
    passwordsUsed.add(second);
    const ok = await api(
      "PUT",
      "/api/admin/account/password",
      { currentPassword: first, newPassword: second, confirmPassword: second },
      here,
    );
    expect(ok).toMatchObject({ status: 200, body: { otherSessionsEnded: 2 } });
    expect((await api("GET", "/api/admin/users/count", undefined, here)).status).toBe(200);
    expect((await api("GET", "/api/admin/users/count", undefined, phone)).status).toBe(401);
    expect((await api("GET", "/api/admin/users/count", undefined, laptop)).status).toBe(401);
    expect((await signIn("grainne", first)).status).toBe(401);
    expect((await signIn("grainne", second)).status).toBe(200);
    expect((await auditRows("account.password-change")).at(-1)).toMatchObject({
      username: "grainne",
      summary: "grainne changed their password",
      details: { otherSessionsEnded: 2 },
    });
  });

  it("is for signed-in users only", async () => {
    expect(
      (
        await api(
          "PUT",
          "/api/admin/account/password",
          { currentPassword: PASSWORD, newPassword: "x".repeat(10), confirmPassword: "x".repeat(10) },
          null,
        )
      ).status,
    ).toBe(401);
  });
});

describe("full names", () => {
  const TOO_LONG = "N".repeat(81);

  it("adds a user with a full name (trimmed), and refuses an empty or too long one, storing nothing", async () => {
    const before = await db().$count(users);
    const empty = await api("POST", "/api/admin/users", {
      username: "niamh.b",
      fullName: "   ",
      passwordMode: "generate",
    });
    expect(empty).toMatchObject({ status: 400, body: { fieldErrors: { fullName: "Enter a full name" } } });
    const long = await api("POST", "/api/admin/users", {
      username: "niamh.b",
      fullName: TOO_LONG,
      passwordMode: "generate",
    });
    expect(long).toMatchObject({
      status: 400,
      body: { fieldErrors: { fullName: "Full name must be at most 80 characters" } },
    });
    expect(await db().$count(users)).toBe(before);

    const made = await api("POST", "/api/admin/users", {
      username: "niamh.b",
      fullName: "  Niamh Ní Bhriain ",
      role: "crew",
      passwordMode: "generate",
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ username: "niamh.b", fullName: "Niamh Ní Bhriain", role: "crew" });
    passwordsUsed.add(made.body.generatedPassword);
    const listed = (await api("GET", "/api/admin/users")).body.find(
      (u: { username: string }) => u.username === "niamh.b",
    );
    expect(listed.fullName).toBe("Niamh Ní Bhriain");
  });

  it("lets an owner change anyone's full name (audited), 400 on empty or too long, 404 for nobody", async () => {
    const id = await addUser("donal", "Donal-Grid-Track-9");
    expect((await api("GET", "/api/admin/users")).body.find((u: { id: number }) => u.id === id).fullName).toBe("");
    expect(await api("PUT", `/api/admin/users/${id}/name`, { fullName: "" })).toMatchObject({
      status: 400,
      body: { message: "Enter a full name", fieldErrors: { fullName: "Enter a full name" } },
    });
    expect((await api("PUT", `/api/admin/users/${id}/name`, { fullName: TOO_LONG })).status).toBe(400);
    expect((await api("PUT", `/api/admin/users/${id}/name`, {})).status).toBe(400);
    const [unchanged] = await db().select({ fullName: users.fullName }).from(users).where(eq(users.id, id));
    expect(unchanged!.fullName).toBe("");

    const saved = await api("PUT", `/api/admin/users/${id}/name`, { fullName: " Dónal Ó Briain " });
    expect(saved).toMatchObject({ status: 200, body: { fullName: "Dónal Ó Briain" } });
    const [row] = await db().select({ fullName: users.fullName }).from(users).where(eq(users.id, id));
    expect(row!.fullName).toBe("Dónal Ó Briain");
    expect((await auditRows("user.name")).at(-1)).toMatchObject({
      username: "siobhan",
      targetId: String(id),
      summary: "Set the full name of donal",
    });
    expect((await api("PUT", "/api/admin/users/999999/name", { fullName: "Nobody" })).status).toBe(404);
  });

  it("lets anyone set their own on My Account (not someone else's), 400 on empty or too long", async () => {
    const password = "Crew-Member-Ladder-5";
    passwordsUsed.add(password);
    const [crew] = await db()
      .insert(users)
      .values({ username: "tadhg", password: await hashPassword(password), role: "crew" })
      .returning({ id: users.id });
    const cookie = (await signIn("tadhg", password)).cookie;
    const header = async () => (await fetch(`${site.origin}/admin/jobs`, { headers: { cookie: cookie! } })).text();
    // The admin's header names them by username until a full name is set, then by that name.
    expect(await header()).toMatch(/Signed in as <!-- -->tadhg</);
    expect((await api("PUT", "/api/admin/account/name", { fullName: "" }, cookie)).body).toMatchObject({
      fieldErrors: { fullName: "Enter a full name" },
    });
    expect((await api("PUT", "/api/admin/account/name", { fullName: TOO_LONG }, cookie)).status).toBe(400);
    // Someone else's is for owners.
    expect((await api("PUT", `/api/admin/users/${adminId}/name`, { fullName: "Not Me" }, cookie)).status).toBe(403);

    const saved = await api("PUT", "/api/admin/account/name", { fullName: "Tadhg Ó Murchú" }, cookie);
    expect(saved).toMatchObject({ status: 200, body: { fullName: "Tadhg Ó Murchú" } });
    const me = await api("GET", "/api/auth/user", undefined, cookie);
    expect(me.body).toEqual({ id: crew!.id, username: "tadhg", fullName: "Tadhg Ó Murchú", role: "crew" });
    const named = await header();
    expect(named).toMatch(/Signed in as <!-- -->Tadhg Ó Murchú</);
    expect(named).toMatch(/href="\/admin\/account"[^>]*>Tadhg Ó Murchú<\/a>/);
    expect((await auditRows("account.name")).at(-1)).toMatchObject({
      username: "tadhg",
      summary: "tadhg set their full name",
    });
    const [owner] = await db().select({ fullName: users.fullName }).from(users).where(eq(users.id, adminId));
    expect(owner!.fullName).toBe("");
    // The crew have job days: their own calendar feed is on My Account too.
    const feed = await api("GET", "/api/admin/account/calendar", undefined, cookie);
    expect(feed.status).toBe(200);
    expect(feed.body.url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{22,}\.ics$/);
    expect(await (await fetch(`${site.origin}/admin/account`, { headers: { cookie: cookie! } })).text()).toContain(
      "Your site surveys and job days",
    );
    expect((await api("PUT", "/api/admin/account/name", { fullName: "Anyone" }, null)).status).toBe(401);
  });
});

describe("two-factor by an admin", () => {
  it("turns off another user's two-factor sign-in and removes their recovery codes", async () => {
    const id = await addUser("eimear", "Lost-My-Phone-2026");
    await db()
      .update(users)
      .set({ totpSecret: "encrypted", totpEnabledAt: new Date(), totpLastStep: 1 })
      .where(eq(users.id, id));
    await db().insert(recoveryCodes).values({ userId: id, codeHash: "hash" });
    expect((await api("GET", "/api/admin/users")).body.find((u: { id: number }) => u.id === id).twoFactor).toBe(true);

    expect((await api("DELETE", `/api/admin/users/${id}/two-factor`)).status).toBe(204);
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await db().$count(recoveryCodes, eq(recoveryCodes.userId, id))).toBe(0);
    expect((await auditRows("two-factor.disable")).at(-1)).toMatchObject({ userId: adminId, targetId: String(id) });
    expect((await api("DELETE", `/api/admin/users/${adminId}/two-factor`)).status).toBe(400);
  });

  it("saves the require-for-everyone setting and audits it", async () => {
    expect((await api("PUT", "/api/admin/settings/two-factor", { required: "yes" })).status).toBe(400);
    const on = await api("PUT", "/api/admin/settings/two-factor", { required: true });
    expect(on).toMatchObject({ status: 200, body: { required: true } });
    expect(await isTwoFactorRequired(db())).toBe(true);
    expect((await auditRows("settings.require-two-factor")).at(-1)).toMatchObject({
      userId: adminId,
      details: { required: true },
    });
    // Back off for the other tests (with it on, users without 2FA are sent to set it up).
    await setTwoFactorRequired(db(), false);
    expect(await isTwoFactorRequired(db())).toBe(false);
  });
});

describe("resetting a password from the server's command line (nobody can sign in)", () => {
  it("sets the password, can turn off 2FA, ends sessions and audits it as system", async () => {
    const scratch = await createTestDatabase();
    try {
      const [row] = await scratch.database.db
        .insert(users)
        .values({
          username: "Orla",
          password: await hashPassword("Forgotten-It-Now-1"),
          totpSecret: "encrypted",
          totpEnabledAt: new Date(),
        })
        .returning({ id: users.id });
      await scratch.database.db.insert(recoveryCodes).values({ userId: row!.id, codeHash: "hash" });

      const [missing, weak, done] = await scratch.whileClosed(async () => [
        await runServerCommand(["reset-password", "--username=nobody"], {
          ...scratch.env,
          ADMIN_PASSWORD: "Brand-New-Start-2",
        }),
        await runServerCommand(["reset-password", "--username=orla"], { ...scratch.env, ADMIN_PASSWORD: "short" }),
        await runServerCommand(["reset-password", "--username=orla", "--turn-off-two-factor"], {
          ...scratch.env,
          ADMIN_PASSWORD: "Brand-New-Start-2",
        }),
      ]);
      expect(missing).toMatchObject({ code: 1, stderr: 'There is no user "nobody".\n' });
      expect(weak).toMatchObject({ code: 1, stderr: "Not changed: Password must be at least 10 characters\n" });
      expect(done).toMatchObject({
        code: 0,
        stderr: "",
        stdout: 'New password set for "Orla", two-factor sign-in turned off; their sessions have ended.\n',
      });

      const db = scratch.database.db;
      const [after] = await db.select().from(users).where(eq(users.id, row!.id));
      expect(after).toMatchObject({ totpSecret: null, totpEnabledAt: null });
      expect(await db.$count(recoveryCodes)).toBe(0);
      const audit = await db.select().from(auditLog).orderBy(auditLog.id);
      expect(audit.map((r) => [r.action, r.username, r.userId])).toEqual([
        ["user.password-reset", "system", null],
        ["two-factor.disable", "system", null],
      ]);
      expect(JSON.stringify(audit)).not.toContain("Brand-New-Start-2");
    } finally {
      await scratch.dispose();
    }
  }, 120_000); // three server processes, each opening the database
});

describe("adding a user from the server's command line", () => {
  it("reads the password piped to it, and refuses when none comes", async () => {
    const scratch = await createTestDatabase();
    try {
      const noPasswordEnv = { ...scratch.env, ADMIN_PASSWORD: undefined };
      const [piped, none] = await scratch.whileClosed(async () => [
        // As `printf '%s\n' "$PASSWORD" | npm run user:create -- --username=Cian` would.
        await runServerCommand(["create-user", "--username=Cian"], noPasswordEnv, "Piped-In-Secret-73\n"),
        await runServerCommand(["create-user", "--username=Nuala"], noPasswordEnv, ""),
      ]);
      expect(piped).toMatchObject({
        code: 0,
        stderr: "",
        stdout: 'Password for Cian: Created user "Cian" (Owner). They can sign in at /admin/login.\n',
      });
      expect(none).toMatchObject({ code: 1, stderr: "No password: standard input ended before one was typed.\n" });
      const rows = await scratch.database.db.select().from(users);
      expect(rows.map((u) => u.username)).toEqual(["Cian"]);
      expect(await verifyPassword(rows[0]!.password, "Piped-In-Secret-73")).toBe(true);
    } finally {
      await scratch.dispose();
    }
  }, 60_000); // two server processes, each opening the database
});

describe("the audit log", () => {
  it("never holds a password", async () => {
    const rows = await db()
      .select({ row: sql<string>`row_to_json(${auditLog})::text` })
      .from(auditLog);
    expect(rows.length).toBeGreaterThan(5);
    for (const { row } of rows) for (const password of passwordsUsed) expect(row).not.toContain(password);
  });
});
