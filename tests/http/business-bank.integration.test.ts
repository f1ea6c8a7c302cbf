import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, siteSettings, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { callApi, confirmSession, serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// The bank account invoices print (issue 38): Settings → Business `bank`, the IBAN checked by its
// checksum, and a change only after the owner confirmed their password (it redirects money).

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.insert(users).values({ username: "niamh", password: await hashPassword("Business-Owner-2026") });
  site = await serveBuiltApp(t.database, { env: { SITE_URL: "https://www.example.ie" } });
  cookie = await signIn(site.origin, "niamh", "Business-Owner-2026");
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const put = (body: unknown) => callApi(site.origin, "PUT", "/api/admin/settings/business", body, { cookie });
const stored = async () => (await t.database.db.select().from(siteSettings))[0]?.business?.bank;
const BANK = { accountName: "IC Interiors Ltd", iban: "IE29 AIBK 9311 5212 3456 78", bic: "aibkie2d" };

describe("Settings → Business: the bank account", () => {
  it("asks for a recent password confirmation before any change", async () => {
    const res = await put({ bank: BANK });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ confirm: true });
    expect(await stored()).toBeUndefined();
  });

  it("refuses an IBAN whose checksum does not match, naming bank.iban, and stores nothing", async () => {
    await confirmSession(site.origin, cookie, "Business-Owner-2026");
    const res = await put({ bank: { ...BANK, iban: "IE29 AIBK 9311 5212 3456 79" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: expect.any(String),
      fieldErrors: {
        "bank.iban":
          "Enter a valid IBAN, e.g. IE29 AIBK 9311 5212 3456 78 (check the digits: its checksum does not match)",
      },
    });
    const half = await put({ bank: { accountName: "IC Interiors Ltd", iban: "", bic: "" } });
    expect(half.status).toBe(400);
    expect(Object.keys(half.body.fieldErrors)).toEqual(["bank.iban", "bank.bic"]);
    expect(await stored()).toBeUndefined();
  });

  it("stores a valid account compactly, reads it back and records the change", async () => {
    const res = await put({ bank: BANK });
    expect(res.status).toBe(200);
    const bank = { accountName: "IC Interiors Ltd", iban: "IE29AIBK93115212345678", bic: "AIBKIE2D" };
    expect(res.body.bank).toEqual(bank);
    expect(await stored()).toEqual(bank);
    expect(
      (await callApi(site.origin, "GET", "/api/admin/settings/business", undefined, { cookie })).body.bank,
    ).toEqual(bank);
    const audit = await t.database.db.select().from(auditLog);
    expect(audit.map((a) => a.summary)).toContain("Changed the business settings (bank account)");
  });
});
