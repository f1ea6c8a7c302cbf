import net from "node:net";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, siteSettings, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { createMailTransport } from "~/features/mail/mailer.server";
import { callApi, confirmSession, serveBuiltApp, signIn } from "../support/built-app";
import { deliverUntil, startSmtpServer } from "../support/smtp";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// A fresh install has no mail server: the admin says so, leads' e-mails wait in the outbox, and
// once the owner enters a server in Settings > Mail they go out (nothing lost). A test e-mail
// reports the server's real answer, or its error in words.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.insert(users).values({ username: "ciara", password: await hashPassword("Mail-Setup-Owner-26") });
  smtp = await startSmtpServer();
  // No transport: mail is not set up on the server, as on a fresh install.
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  cookie = await signIn(site.origin, "ciara", "Mail-Setup-Owner-26");
  // Changing the mail server is a dangerous change: the owner has just confirmed their password.
  await confirmSession(site.origin, cookie, "Mail-Setup-Owner-26");
});
afterAll(async () => {
  await site?.close();
  await smtp?.close();
  await t?.dispose();
});

const api = (method: string, path: string, body?: unknown) =>
  callApi(site.origin, method, `/api/admin/settings/mail${path}`, body, { cookie });
const adminPage = async (path: string) => (await fetch(`${site.origin}${path}`, { headers: { cookie } })).text();

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function sendEnquiry(n: number) {
  const res = await fetch(`${site.origin}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: `Siobhán Kelly ${n}`,
      email: `siobhan${n}@kelly-salons.ie`,
      phone: "087 555 0142",
      service: "Shop Ceiling Installation",
      message: `Enquiry ${n}: a new suspended ceiling for our salon on Capel Street, about 60 m².`,
    }),
  });
  expect(res.status).toBe(201);
}

const BANNER = "E-mails are not going out";

describe("Settings > Mail", () => {
  it("says mail is not set up, on the dashboard and in the inbox, and keeps leads' e-mails queued", async () => {
    const status = await api("GET", "");
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ configured: false, source: "none", lastError: null, passwordSet: false });
    await sendEnquiry(1);
    expect(await site.services.outbox.processDue()).toBe(0);
    expect(await t.database.db.$count(emailOutbox, eq(emailOutbox.status, "pending"))).toBe(2);
    for (const path of ["/admin", "/admin/contacts"]) {
      const html = await adminPage(path);
      expect(html).toContain(BANNER);
      expect(html).toContain("No mail server is set up yet.");
      expect(html).toContain('href="/admin/settings#mail"');
    }
  });

  it("sends the queued e-mails once the owner sets up a mail server, and a test e-mail with the server's answer", async () => {
    const put = await api("PUT", "", {
      host: "127.0.0.1",
      port: smtp.port,
      security: "none",
      user: "",
      password: "",
      from: "IC Interiors website <website@icinteriors.ie>",
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      configured: true,
      source: "admin",
      host: "127.0.0.1",
      port: smtp.port,
      security: "none",
      user: "",
      from: "IC Interiors website <website@icinteriors.ie>",
      passwordSet: false,
    });
    // The lead's notification and its auto-reply, queued before the set-up, go out without a restart.
    await deliverUntil(site.services.outbox, smtp, 2);
    expect(smtp.received.map((m) => m.to).sort()).toEqual([["info@icinteriors.ie"], ["siobhan1@kelly-salons.ie"]]);
    expect(smtp.received.every((m) => m.from === "website@icinteriors.ie")).toBe(true);
    expect(await adminPage("/admin")).not.toContain(BANNER);

    const test = await api("POST", "/test", { to: "ciara@icinteriors.ie" });
    expect(test.status).toBe(200);
    expect(test.body.message).toMatch(/^Sent to ciara@icinteriors\.ie\. The mail server answered: 250 /);
    expect(smtp.received).toHaveLength(3);
    expect(smtp.received[2]!.to).toEqual(["ciara@icinteriors.ie"]);
    expect(smtp.received[2]!.headers.subject).toBe("Test e-mail from the IC Interiors website");
  });

  it("keeps the password encrypted, never answers it, and keeps it when the form leaves it empty", async () => {
    const settings = {
      host: "smtp.office365.com",
      port: 587,
      security: "starttls",
      user: "website@icinteriors.ie",
      from: "",
    };
    expect((await api("PUT", "", { ...settings, password: "" })).body.fieldErrors).toEqual({
      password: "Enter the password for this user (or leave the user empty)",
    });
    const put = await api("PUT", "", { ...settings, password: "Correct-Horse-Battery-9" });
    expect(put.status).toBe(200);
    expect(put.text).not.toContain("Correct-Horse-Battery-9");
    expect(put.body).toMatchObject({ source: "admin", user: "website@icinteriors.ie", passwordSet: true });
    const [row] = await t.database.db.select({ mail: siteSettings.mail }).from(siteSettings);
    expect(JSON.stringify(row)).not.toContain("Correct-Horse-Battery-9");
    const sealed = row!.mail!.sealedPassword;
    expect(sealed).toMatch(/^v1\./);

    // Saved again without a password: the stored one stays.
    expect((await api("PUT", "", { ...settings, port: 2525 })).body).toMatchObject({ port: 2525, passwordSet: true });
    const [after] = await t.database.db.select({ mail: siteSettings.mail }).from(siteSettings);
    expect(after!.mail!.sealedPassword).toBe(sealed);
    expect((await api("GET", "")).text).not.toContain("Correct-Horse-Battery-9");
  });

  it("answers 400 naming the field for a bad setting, and stores nothing", async () => {
    const [before] = await t.database.db.select({ mail: siteSettings.mail }).from(siteSettings);
    const bad = await api("PUT", "", {
      host: "smtp://mail.example.ie",
      port: 70000,
      security: "ssl",
      user: "",
      from: "not an address",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(["from", "host", "port", "security"]);
    expect((await api("POST", "/test", { to: "nobody" })).body.fieldErrors).toEqual({
      to: "Enter the address to send the test e-mail to",
    });
    const [after] = await t.database.db.select({ mail: siteSettings.mail }).from(siteSettings);
    expect(after).toEqual(before);
  });

  it("answers 502 with the error in words for a server that cannot be reached, and shows the failure until mail works again", async () => {
    const port = await closedPort();
    expect(
      (await api("PUT", "", { host: "127.0.0.1", port, security: "none", user: "", password: "", from: "" })).status,
    ).toBe(200);
    const test = await api("POST", "/test", { to: "ciara@icinteriors.ie" });
    expect(test.status).toBe(502);
    expect(test.body.message).toMatch(
      /^The mail server refused the connection: check the server name and port\. It said: .*ECONNREFUSED/,
    );

    // A lead now: its e-mails fail, wait, and the admin says why.
    await sendEnquiry(2);
    await expect
      .poll(() =>
        site.services.outbox
          .processDue()
          .then(() => api("GET", ""))
          .then((r) => r.body.lastError),
      )
      .toMatch(/ECONNREFUSED/);
    const inbox = await adminPage("/admin/contacts");
    expect(inbox).toContain(BANNER);
    expect(inbox).toContain("The mail server refused the latest e-mails");

    // Fixed: the waiting e-mails go out at once (not after their back-off), and the banner goes.
    smtp.received.length = 0;
    expect(
      (await api("PUT", "", { host: "127.0.0.1", port: smtp.port, security: "none", user: "", password: "", from: "" }))
        .status,
    ).toBe(200);
    await deliverUntil(site.services.outbox, smtp, 2);
    expect((await api("GET", "")).body.lastError).toBeNull();
    expect(await adminPage("/admin/contacts")).not.toContain(BANNER);
    // With "Send as" empty, the sender is made from the business's name and e-mail.
    expect(smtp.received[0]!.headers.from).toBe("IC Interiors website <no-reply@icinteriors.ie>");
  });

  it("shows the server's own SMTP settings read-only: they win, and a change here is refused with 409", async () => {
    const serverSmtp = await serveBuiltApp(t.database, {
      transport: createMailTransport(smtp.url, "Site <site@example.ie>"),
    });
    try {
      const signedIn = await signIn(serverSmtp.origin, "ciara", "Mail-Setup-Owner-26");
      await confirmSession(serverSmtp.origin, signedIn, "Mail-Setup-Owner-26");
      const call = (method: string, path: string, body?: unknown) =>
        callApi(serverSmtp.origin, method, `/api/admin/settings/mail${path}`, body, { cookie: signedIn });
      expect((await call("GET", "")).body).toMatchObject({ configured: true, source: "env" });
      const put = await call("PUT", "", {
        host: "smtp.example.ie",
        port: 587,
        security: "starttls",
        user: "",
        from: "",
      });
      expect(put.status).toBe(409);
      expect(put.body.message).toMatch(/^Mail is set up on the server \(SMTP_URL\)/);
      expect((await call("POST", "/test", { to: "ciara@icinteriors.ie" })).status).toBe(200);
    } finally {
      await serverSmtp.close();
    }
  });

  it("is for signed-in staff only", async () => {
    expect((await callApi(site.origin, "GET", "/api/admin/settings/mail")).status).toBe(401);
    expect((await callApi(site.origin, "POST", "/api/admin/settings/mail/test", { to: "x@example.ie" })).status).toBe(
      401,
    );
  });
});
