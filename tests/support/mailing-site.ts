import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { contactSubmissions, emailOutbox, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { createMailTransport } from "~/features/mail/mailer.server";
import { confirmSession, serveBuiltApp, signIn } from "./built-app";
import { startSmtpServer } from "./smtp";
import { createTestDatabase, type TestDatabase } from "./test-database";

export type MailingSite = {
  t: TestDatabase;
  site: Awaited<ReturnType<typeof serveBuiltApp>>;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  /** The signed-in member of staff's session cookie. */
  cookie: string;
};

/**
 * For a test file about leads and their e-mail: the built site on a fresh database, sending through
 * a real SMTP server on localhost, with one member of staff signed in. Before each test every
 * e-mail already queued is sent and the enquiries and outbox are emptied, so a test sees only its
 * own mail. `ready` receives the pieces once they are up.
 */
export function useMailingSite(
  options: { staff: { username: string; password: string }; env: Record<string, string>; from: string },
  ready: (site: MailingSite) => void,
): void {
  let made: MailingSite | undefined;
  beforeAll(async () => {
    const t = await createTestDatabase();
    const { username, password } = options.staff;
    await t.database.db.insert(users).values({ username, password: await hashPassword(password) });
    const smtp = await startSmtpServer();
    const site = await serveBuiltApp(t.database, {
      env: options.env,
      transport: createMailTransport(smtp.url, options.from),
    });
    const cookie = await signIn(site.origin, username, password);
    // Confirmed, as after the admin's password dialog: the tests' exports and settings go through.
    await confirmSession(site.origin, cookie, password);
    made = { t, site, smtp, cookie };
    ready(made);
  });
  afterAll(async () => {
    await made?.site.close();
    await made?.smtp.close();
    await made?.t.dispose();
  });
  beforeEach(async () => {
    const { t, site, smtp } = made!;
    // The previous test's e-mails go out first (sends kick the outbox), so none arrive during this one.
    // A quote's e-mail waits for its PDF, and the first PDF starts a worker thread (seconds on a busy machine).
    await expect
      .poll(
        async () => {
          await site.services.outbox.processDue();
          return t.database.db.$count(emailOutbox, inArray(emailOutbox.status, ["pending", "sending"]));
        },
        { timeout: 15_000 },
      )
      .toBe(0);
    await t.database.db.delete(contactSubmissions);
    await t.database.db.delete(emailOutbox);
    smtp.received.length = 0;
  });
}
