import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, loginChallenges, rateLimits, recoveryCodes, users } from "~/db/schema";
import { setTwoFactorRequired } from "./two-factor-policy.server";
import { hashPassword } from "~/features/auth/password.server";
import { serveBuiltApp } from "../../../../tests/support/built-app";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { decryptTotpSecret } from "./totp.server";

// The whole journey over HTTP against the production build: enrolment on the two-factor page,
// the sign-in's code step (JSON API and plain form posts), recovery codes, limits, the admin's
// "require two-factor" setting, and what lands in the audit log.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
type Site = { origin: string; services: { appSecret: Buffer } };

const PASSWORD = "Plaster-Cornice-77";
const SESSION = "__Host-ic_session";
const CHALLENGE = "__Host-ic_2fa";
/** Everything typed in during the tests that must never reach the audit log. */
const typedSecrets = new Set<string>([PASSWORD]);

beforeAll(async () => {
  t = await createTestDatabase();
  const hash = await hashPassword(PASSWORD);
  await t.database.db
    .insert(users)
    .values(
      ["aoife", "brendan", "ciara", "declan", "eimear", "hugh"].map((username) => ({ username, password: hash })),
    );
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});
afterEach(async () => {
  vi.useRealTimers();
  await setTwoFactorRequired(t.database.db, false);
});

// ---- helpers ----

function cookiesOf(res: Response): Record<string, { value: string; raw: string }> {
  const out: Record<string, { value: string; raw: string }> = {};
  for (const raw of res.headers.getSetCookie()) {
    const [pair] = raw.split(";");
    const i = pair!.indexOf("=");
    out[pair!.slice(0, i)] = { value: pair!.slice(i + 1), raw };
  }
  return out;
}

const postJson = (s: Site, path: string, body: unknown, cookie = "") =>
  fetch(`${s.origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
    redirect: "manual",
  });

const postForm = (s: Site, path: string, fields: Record<string, string>, cookie = "") =>
  fetch(`${s.origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

const get = (s: Site, path: string, cookie = "") =>
  fetch(`${s.origin}${path}`, { headers: { cookie }, redirect: "manual" });

const session = (token: string) => `${SESSION}=${token}`;
const challenge = (token: string) => `${CHALLENGE}=${token}`;

/** Password step; returns the challenge token (two-factor on) or the session token (off). */
async function passwordStep(s: Site, username: string, password = PASSWORD) {
  const res = await postJson(s, "/api/auth/login", { username, password });
  const body = (await res.json()) as Record<string, unknown>;
  return { res, body, cookies: cookiesOf(res) };
}

async function signInWithoutTwoFactor(username: string) {
  const { res, cookies } = await passwordStep(site, username);
  expect(res.status).toBe(200);
  return cookies[SESSION]!.value;
}

async function codeStep(s: Site, challengeToken: string, code: string) {
  const res = await postJson(s, "/api/auth/login/two-factor", { code }, challenge(challengeToken));
  return { res, body: (await res.json()) as Record<string, unknown>, cookies: cookiesOf(res) };
}

const userId = async (username: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

async function secretOf(username: string, column: "totpSecret" | "totpPendingSecret" = "totpSecret") {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  const secret = decryptTotpSecret(row![column], site.services.appSecret, row!.id);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  typedSecrets.add(secret!);
  return secret!;
}

/** A real code, as an authenticator app would show it at that time. */
function codeAt(secret: string, ms = Date.now()) {
  const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: ms,
  });
  typedSecrets.add(code);
  return code;
}

const PAGE = "/admin/account/two-factor";
const CODE_PATTERN = /^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/;

/** The codes in the page's "Recovery codes" list (none when the list is not there). */
function recoveryCodesIn(html: string): string[] {
  const list = /<ol[^>]*aria-label="Recovery codes"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<li[^>]*>([^<]*)<\/li>/g)].map((m) => m[1]!);
}

/** Confirms the session's password (POST /api/auth/confirm), as setting up two-factor needs. */
async function confirmPassword(token: string) {
  expect((await postJson(site, "/api/auth/confirm", { password: PASSWORD }, session(token))).status).toBe(204);
}

/** Turns two-factor on through the page's plain form posts; returns the secret and the recovery codes. */
async function enrol(username: string, token: string) {
  await confirmPassword(token);
  const started = await postForm(site, PAGE, { intent: "start" }, session(token));
  expect(started.status).toBe(200);
  const html = await started.text();
  const secret = await secretOf(username, "totpPendingSecret");
  // The manual key on the page is the secret, in groups of four.
  expect(html).toContain(secret.match(/.{4}/g)!.join(" "));
  const confirmed = await postForm(site, PAGE, { intent: "confirm", code: codeAt(secret) }, session(token));
  expect(confirmed.status).toBe(200);
  const codes = recoveryCodesIn(await confirmed.text());
  expect(codes).toHaveLength(10);
  codes.forEach((c) => typedSecrets.add(c));
  return { secret, codes };
}

async function auditRows(username: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.username, username)).orderBy(auditLog.id);
}

/** Starts a fake clock (Date only) at a fixed instant at the start of a 30-second step. */
function freezeAt(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });
}
const advance = (seconds: number) => vi.setSystemTime(new Date(Date.now() + seconds * 1000));

// ---- tests ----

describe("enrolment", () => {
  it("shows a server-drawn QR code and the key, turns on only with a real code, and shows recovery codes once", async () => {
    const token = await signInWithoutTwoFactor("aoife");
    const off = await get(site, PAGE, session(token));
    expect(off.status).toBe(200);
    expect(off.headers.get("cache-control")).toBe("no-store");
    expect(await off.text()).toContain("Set up two-factor sign-in");

    // A session alone cannot put a phone on the account: the password first.
    const unconfirmed = await postForm(site, PAGE, { intent: "start" }, session(token));
    expect(unconfirmed.status).toBe(403);
    expect(await unconfirmed.text()).toContain("Please confirm it&#x27;s you");
    await confirmPassword(token);
    const started = await postForm(site, PAGE, { intent: "start" }, session(token));
    const html = await started.text();
    // The QR code is inline SVG made on the server; nothing points at a QR image service.
    expect(html).toMatch(
      /<div role="img" aria-label="QR code to scan with your authenticator app"[^>]*><svg xmlns="http:\/\/www.w3.org\/2000\/svg"/,
    );
    expect(html).toContain('href="otpauth://totp/IC%20Interiors:aoife?issuer=IC%20Interiors&amp;secret=');
    expect(html).not.toMatch(/<img[^>]+(qr|chart)/i);

    const secret = await secretOf("aoife", "totpPendingSecret");
    // Stored encrypted: the plain secret appears nowhere in the row.
    const [pendingRow] = await t.database.db.select().from(users).where(eq(users.username, "aoife"));
    expect(JSON.stringify(pendingRow)).not.toContain(secret);
    expect(pendingRow!.totpEnabledAt).toBeNull();

    const wrong = await postForm(
      site,
      PAGE,
      { intent: "confirm", code: String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, "0") },
      session(token),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That code didn&#x27;t work");

    const confirmed = await postForm(site, PAGE, { intent: "confirm", code: codeAt(secret) }, session(token));
    expect(confirmed.status).toBe(200);
    const codes = recoveryCodesIn(await confirmed.text());
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(CODE_PATTERN);
    codes.forEach((c) => typedSecrets.add(c));

    const [row] = await t.database.db.select().from(users).where(eq(users.username, "aoife"));
    expect(row!.totpEnabledAt).toBeInstanceOf(Date);
    expect(row!.totpPendingSecret).toBeNull();
    expect(decryptTotpSecret(row!.totpSecret, site.services.appSecret, row!.id)).toBe(secret);
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, row!.id));
    expect(stored).toHaveLength(10);
    for (const r of stored)
      expect(codes.some((c) => r.codeHash.includes(c) || r.codeHash.includes(c.replace("-", "")))).toBe(false);

    // Shown once: the page now says it is on and lists no codes.
    const on = (await (await get(site, PAGE, session(token))).text()).replaceAll("<!-- -->", "");
    expect(on).toContain("Two-factor sign-in is on");
    expect(on).toContain("10 of 10 recovery codes left");
    expect(recoveryCodesIn(on)).toEqual([]);
    for (const code of codes) expect(on).not.toContain(code);
    expect((await auditRows("aoife")).map((r) => r.action)).toContain("two-factor.enable");
  });
});

describe("signing in with two-factor on", () => {
  it("password → challenge cookie (no session) → a real code → session; the same code is refused the second time", async () => {
    freezeAt("2026-03-02T09:00:00Z");
    const { secret } = await enrol("brendan", await signInWithoutTwoFactor("brendan"));
    const auditBefore = (await auditRows("brendan")).length;
    advance(30); // the enrolment used this step's code: the next step's code signs in

    const first = await passwordStep(site, "brendan");
    expect(first.res.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRequired: true });
    expect(first.cookies[SESSION]).toBeUndefined();
    expect(first.cookies[CHALLENGE]!.raw).toMatch(
      /^__Host-ic_2fa=[\w-]{43}; Max-Age=300; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    // The password alone writes no sign-in.success and no last sign-in time.
    expect((await auditRows("brendan")).slice(auditBefore).map((r) => r.action)).not.toContain("sign-in.success");
    const [before] = await t.database.db
      .select({ at: users.lastSignInAt })
      .from(users)
      .where(eq(users.username, "brendan"));

    const code = codeAt(secret);
    const done = await codeStep(site, first.cookies[CHALLENGE]!.value, code);
    expect(done.res.status).toBe(200);
    expect(done.body).toMatchObject({ username: "brendan" });
    expect(done.cookies[CHALLENGE]!.raw).toMatch(/Max-Age=0/);
    const token = done.cookies[SESSION]!.value;
    expect(await (await get(site, "/api/auth/user", session(token))).json()).toMatchObject({ username: "brendan" });
    const [after] = await t.database.db
      .select({ at: users.lastSignInAt })
      .from(users)
      .where(eq(users.username, "brendan"));
    expect(after!.at!.getTime()).toBeGreaterThan(before!.at?.getTime() ?? 0);
    const success = (await auditRows("brendan")).filter((r) => r.action === "sign-in.success").at(-1)!;
    expect(success.details).toEqual({ method: "authenticator" });

    // A second sign-in in the same 30 seconds with the same code: refused, the challenge stays.
    const second = await passwordStep(site, "brendan");
    const reused = await codeStep(site, second.cookies[CHALLENGE]!.value, code);
    expect(reused.res.status).toBe(401);
    expect(reused.body.fieldErrors).toEqual({ code: expect.stringMatching(/just been used/) });
    expect(reused.cookies[SESSION]).toBeUndefined();
    // The next code works on that same challenge.
    advance(30);
    expect((await codeStep(site, second.cookies[CHALLENGE]!.value, codeAt(secret))).res.status).toBe(200);
  });

  it("lets exactly one of two simultaneous sign-ins with the same code through", async () => {
    freezeAt("2026-03-02T10:00:00Z");
    const { secret } = await enrol("ciara", await signInWithoutTwoFactor("ciara"));
    advance(30);
    const [a, b] = [await passwordStep(site, "ciara"), await passwordStep(site, "ciara")];
    const code = codeAt(secret);
    const answers = await Promise.all([
      codeStep(site, a.cookies[CHALLENGE]!.value, code),
      codeStep(site, b.cookies[CHALLENGE]!.value, code),
    ]);
    expect(answers.map((x) => x.res.status).sort()).toEqual([200, 401]);
  });

  it("refuses a wrong code with a sign-in.failure row (reason code), and ends the challenge after 5 tries", async () => {
    freezeAt("2026-03-02T11:00:00Z");
    const { secret } = await enrol("declan", await signInWithoutTwoFactor("declan"));
    advance(30);
    const good = codeAt(secret);
    const wrongCode = good === "000000" ? "111111" : "000000";
    const { cookies } = await passwordStep(site, "declan");
    const token = cookies[CHALLENGE]!.value;
    const before = (await auditRows("declan")).length;

    for (let i = 1; i <= 4; i++) {
      const wrong = await codeStep(site, token, wrongCode);
      expect(wrong.res.status, `try ${i}`).toBe(401);
      expect(wrong.body).toEqual({
        message: expect.stringMatching(/didn't work/),
        fieldErrors: { code: expect.any(String) },
      });
    }
    const failures = (await auditRows("declan")).slice(before);
    expect(failures).toHaveLength(4);
    for (const row of failures) {
      expect(row.action).toBe("sign-in.failure");
      expect(row.details).toEqual({ reason: "code", method: "authenticator" });
      expect(row.userId).toBe(await userId("declan"));
    }
    // The fifth wrong try uses the challenge up: back to the password, even with the right code.
    const fifth = await codeStep(site, token, wrongCode);
    expect(fifth.res.status).toBe(401);
    expect(fifth.body).toMatchObject({ restart: true });
    expect(fifth.cookies[CHALLENGE]!.raw).toMatch(/Max-Age=0/);
    const after = await codeStep(site, token, good);
    expect(after.res.status).toBe(401);
    expect(after.body).toMatchObject({ restart: true });
    expect(await t.database.db.$count(loginChallenges, eq(loginChallenges.userId, await userId("declan")))).toBe(0);
  });

  it("lets a challenge expire after 5 minutes, and refuses a code without one", async () => {
    freezeAt("2026-03-02T12:00:00Z");
    const secret = await secretOf("brendan");
    const { cookies } = await passwordStep(site, "brendan");
    advance(5 * 60 + 1);
    const late = await codeStep(site, cookies[CHALLENGE]!.value, codeAt(secret));
    expect(late.res.status).toBe(401);
    expect(late.body).toEqual({ message: expect.stringMatching(/timed out/), restart: true });
    const none = await postJson(site, "/api/auth/login/two-factor", { code: codeAt(secret) });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ restart: true });
    const empty = await codeStep(site, cookies[CHALLENGE]!.value, "  ");
    expect(empty.res.status).toBe(400);
    expect(empty.body.fieldErrors).toEqual({ code: "Enter the 6-digit code from your authenticator app" });
  });

  it("accepts each recovery code once (any case, with or without the dash), and new codes replace the old", async () => {
    freezeAt("2026-03-02T13:00:00Z");
    const { secret, codes } = await enrol("eimear", await signInWithoutTwoFactor("eimear"));
    const typed = codes[3]!.toUpperCase().replace("-", " ");
    const first = await passwordStep(site, "eimear");
    const used = await codeStep(site, first.cookies[CHALLENGE]!.value, typed);
    expect(used.res.status).toBe(200);
    const rows = await auditRows("eimear");
    expect(rows.filter((r) => r.action === "two-factor.recovery-code-used").at(-1)!.details).toEqual({ remaining: 9 });
    expect(rows.filter((r) => r.action === "sign-in.success").at(-1)!.details).toEqual({ method: "recovery-code" });

    const again = await passwordStep(site, "eimear");
    const refused = await codeStep(site, again.cookies[CHALLENGE]!.value, codes[3]!);
    expect(refused.res.status).toBe(401);
    expect(refused.body.fieldErrors).toEqual({ code: expect.stringMatching(/works only once/) });
    expect((await auditRows("eimear")).at(-1)).toMatchObject({
      action: "sign-in.failure",
      details: { reason: "code", method: "recovery-code" },
    });

    // New recovery codes need a current code from the app; then the old ones stop working.
    const token = used.cookies[SESSION]!.value;
    const badRegen = await postForm(site, PAGE, { intent: "regenerate", code: "12345" }, session(token));
    expect(badRegen.status).toBe(400);
    advance(30);
    const regen = await postForm(site, PAGE, { intent: "regenerate", code: codeAt(secret) }, session(token));
    expect(regen.status).toBe(200);
    const fresh = recoveryCodesIn(await regen.text());
    fresh.forEach((c) => typedSecrets.add(c));
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => codes.includes(c))).toBe(false);
    expect((await auditRows("eimear")).at(-1)).toMatchObject({ action: "two-factor.recovery-codes" });
    const old = await codeStep(site, again.cookies[CHALLENGE]!.value, codes[5]!);
    expect(old.res.status).toBe(401);
    expect((await codeStep(site, again.cookies[CHALLENGE]!.value, fresh[0]!)).res.status).toBe(200);
  });

  it("works without JavaScript: password form → code page → code form → the page asked for", async () => {
    freezeAt("2026-03-02T14:00:00Z");
    const secret = await secretOf("brendan");
    const password = await postForm(site, "/admin/login?redirectTo=%2Fadmin%2Ffaqs", {
      intent: "login",
      username: "Brendan",
      password: PASSWORD,
    });
    expect(password.status).toBe(302);
    expect(password.headers.get("location")).toBe("/admin/login?step=two-factor&redirectTo=%2Fadmin%2Ffaqs");
    const cookies = cookiesOf(password);
    expect(cookies[SESSION]).toBeUndefined();
    const chal = challenge(cookies[CHALLENGE]!.value);

    const page = await (await get(site, password.headers.get("location")!, chal)).text();
    expect(page).toMatch(/<label for="([^"]+)"[^>]*>Enter the 6-digit code from your authenticator app<\/label>/);
    const codeInput = /<input[^>]*name="code"[^>]*>/.exec(page)?.[0] ?? "";
    for (const attribute of ['autofocus=""', 'autoComplete="one-time-code"', 'inputMode="numeric"'])
      expect(codeInput).toContain(attribute);
    expect(page).toContain("Use a recovery code instead");
    const recoveryPage = await (
      await get(site, "/admin/login?step=two-factor&method=recovery&redirectTo=%2Fadmin%2Ffaqs", chal)
    ).text();
    expect(recoveryPage).toContain("Enter one of your recovery codes");
    // Without a live challenge the code step is not offered: the password form with a notice.
    const stale = await (await get(site, "/admin/login?step=two-factor")).text();
    expect(stale).toContain("Your sign-in timed out");
    expect(stale).not.toContain('name="code"');

    const wrong = await postForm(
      site,
      "/admin/login?step=two-factor&redirectTo=%2Fadmin%2Ffaqs",
      { intent: "two-factor", code: "000000" },
      chal,
    );
    expect(wrong.status).toBe(401);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toMatch(/aria-invalid="true" aria-describedby="[^"]*-hint [^"]*-error"/);
    expect(wrongHtml).toContain("That code didn&#x27;t work");

    advance(60);
    const ok = await postForm(
      site,
      "/admin/login?step=two-factor&redirectTo=%2Fadmin%2Ffaqs",
      { intent: "two-factor", code: codeAt(secret) },
      chal,
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/admin/faqs");
    const okCookies = cookiesOf(ok);
    expect(okCookies[CHALLENGE]!.raw).toMatch(/Max-Age=0/);
    expect((await get(site, "/admin/faqs", session(okCookies[SESSION]!.value))).status).toBe(200);
  });
});

describe("limits on codes", () => {
  it("answers 429 per user after the configured number of codes, even for the right one, and per IP", async () => {
    freezeAt("2026-03-02T15:00:00Z");
    const secret = await secretOf("brendan");
    await t.database.db.delete(rateLimits);
    const strict = await serveBuiltApp(t.database, {
      env: { TWO_FACTOR_RATE_LIMIT_USER_POINTS: "3", TWO_FACTOR_RATE_LIMIT_IP_POINTS: "100", RATE_LIMIT_FACTOR: "1" },
    });
    try {
      let token = (await passwordStep(strict, "brendan")).cookies[CHALLENGE]!.value;
      for (let i = 0; i < 3; i++) expect((await codeStep(strict, token, "000001")).res.status).toBe(401);
      token = (await passwordStep(strict, "brendan")).cookies[CHALLENGE]!.value;
      const blocked = await codeStep(strict, token, codeAt(secret));
      expect(blocked.res.status).toBe(429);
      expect(Number(blocked.res.headers.get("retry-after"))).toBeGreaterThan(800);
      expect(blocked.body.message).toMatch(/Too many code attempts/);
      expect((await auditRows("brendan")).at(-1)).toMatchObject({
        action: "sign-in.failure",
        details: { reason: "throttled" },
      });
    } finally {
      await strict.close();
    }
    await t.database.db.delete(rateLimits);
    const perIp = await serveBuiltApp(t.database, {
      env: { TWO_FACTOR_RATE_LIMIT_USER_POINTS: "100", TWO_FACTOR_RATE_LIMIT_IP_POINTS: "2", RATE_LIMIT_FACTOR: "1" },
    });
    try {
      const token = (await passwordStep(perIp, "brendan")).cookies[CHALLENGE]!.value;
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await codeStep(perIp, token, "000002")).res.status);
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await perIp.close();
      await t.database.db.delete(rateLimits);
    }
  });
});

describe("requiring two-factor sign-in for everyone", () => {
  it("sends a user without it to the set-up page from every admin page, answers 403 on the admin API, and lets them set it up", async () => {
    freezeAt("2026-03-02T16:00:00Z");
    await t.database.db.insert(users).values({ username: "fionn", password: await hashPassword(PASSWORD) });
    const fionn = await signInWithoutTwoFactor("fionn");
    const brendan = await codeStep(
      site,
      (await passwordStep(site, "brendan")).cookies[CHALLENGE]!.value,
      codeAt(await secretOf("brendan")),
    ).then((r) => r.cookies[SESSION]!.value);
    await setTwoFactorRequired(t.database.db, true);

    for (const path of ["/admin", "/admin/pages", "/admin/contacts", "/admin/account", "/admin/some/deep/page"]) {
      const res = await get(site, path, session(fionn));
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe(PAGE);
    }
    const setUp = await get(site, PAGE, session(fionn));
    expect(setUp.status).toBe(200);
    expect(await setUp.text()).toContain("An admin has made two-factor sign-in compulsory for every user");
    const api = await get(site, "/api/admin/pages", session(fionn));
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({
      message: "Two-factor sign-in is required. Set it up at /admin/account/two-factor.",
    });
    // Signing out and the sign-in page stay reachable.
    expect((await get(site, "/admin/login")).status).toBe(200);
    const logout = await postForm(site, "/admin/logout", {}, session(await signInWithoutTwoFactor("fionn")));
    expect(logout.status).toBe(302);
    expect(logout.headers.get("location")).toBe("/admin/login?loggedOut=1");

    // Someone with two-factor on is not affected, and cannot turn it off while it is required.
    expect((await get(site, "/admin/pages", session(brendan))).status).toBe(200);
    expect((await get(site, "/api/admin/pages", session(brendan))).status).toBe(200);
    const refused = await postForm(site, PAGE, { intent: "disable", password: PASSWORD }, session(brendan));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("so it can&#x27;t be turned off");

    await enrol("fionn", fionn);
    expect((await get(site, "/admin/pages", session(fionn))).status).toBe(200);
    expect((await get(site, "/api/admin/pages", session(fionn))).status).toBe(200);

    // Off again: no more redirects for anyone.
    await setTwoFactorRequired(t.database.db, false);
    expect((await get(site, "/admin", session(await signInWithoutTwoFactor("hugh")))).status).toBe(200);
  });
});

describe("turning it off", () => {
  it("needs the password or a current code, then sign-in is one step again", async () => {
    freezeAt("2026-03-02T17:00:00Z");
    const secret = await secretOf("ciara");
    const token = (await codeStep(site, (await passwordStep(site, "ciara")).cookies[CHALLENGE]!.value, codeAt(secret)))
      .cookies[SESSION]!.value;
    const none = await postForm(site, PAGE, { intent: "disable" }, session(token));
    expect(none.status).toBe(400);
    const wrongPassword = await postForm(
      site,
      PAGE,
      { intent: "disable", password: "not-my-password" },
      session(token),
    );
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.text()).toContain("That password is not right.");
    const wrongCode = await postForm(
      site,
      PAGE,
      { intent: "disable", code: "999999" === codeAt(secret) ? "999998" : "999999" },
      session(token),
    );
    expect(wrongCode.status).toBe(400);

    const off = await postForm(site, PAGE, { intent: "disable", password: PASSWORD }, session(token));
    expect(off.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, "ciara"));
    expect([row!.totpSecret, row!.totpEnabledAt, row!.totpLastStep, row!.totpPendingSecret]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(await t.database.db.$count(recoveryCodes, eq(recoveryCodes.userId, row!.id))).toBe(0);
    expect((await auditRows("ciara")).at(-1)).toMatchObject({
      action: "two-factor.disable",
      details: { method: "password" },
    });
    const again = await passwordStep(site, "ciara");
    expect(again.body).toMatchObject({ username: "ciara" });
    expect(again.cookies[SESSION]).toBeDefined();
  });
});

describe("audit log", () => {
  it("records password sign-ins and failures, and never holds a password, code or secret", async () => {
    await t.database.db.insert(users).values({ username: "grainne", password: await hashPassword(PASSWORD) });
    expect((await passwordStep(site, "grainne", "wrong-password-1")).res.status).toBe(401);
    await signInWithoutTwoFactor("grainne");
    const rows = await auditRows("grainne");
    expect(rows.map((r) => [r.action, r.details])).toEqual([
      ["sign-in.failure", { reason: "password" }],
      ["sign-in.success", { method: "password" }],
    ]);

    const everything = JSON.stringify(await t.database.db.select().from(auditLog));
    const actions = new Set((await t.database.db.select({ a: auditLog.action }).from(auditLog)).map((r) => r.a));
    expect([...actions]).toEqual(
      expect.arrayContaining([
        "sign-in.success",
        "sign-in.failure",
        "two-factor.enable",
        "two-factor.disable",
        "two-factor.recovery-codes",
        "two-factor.recovery-code-used",
      ]),
    );
    expect(typedSecrets.size).toBeGreaterThan(20);
    for (const secret of typedSecrets) {
      expect(everything).not.toContain(secret);
      if (/^[a-z2-9]{5}-[a-z2-9]{5}$/.test(secret)) expect(everything).not.toContain(secret.replace("-", ""));
    }
    expect(everything).not.toContain("wrong-password-1");
  });
});
