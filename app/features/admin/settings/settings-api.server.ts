import express, { type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { recordAudit, requestActor } from "~/features/audit/audit.server";
import type { SessionState } from "~/features/auth/session.server";
import type { AppServices } from "~/services.server";
import { INVALID_MESSAGE, readJson } from "../list/resource-api.server";
import { getAutoReplySettings, saveAutoReplySettings } from "~/features/leads/auto-reply-settings.server";
import { saveDigestEmail } from "./settings.server";
import { MailSettingsSchema, TestMailSchema } from "~/features/mail/mail-settings";
import { settingsFieldErrors } from "~/features/site/business-settings";

/** In the business settings' audit entry: each changed field in plain words. */
const BUSINESS_FIELD_WORDS: Record<string, string> = {
  name: "trading name",
  phone: "phone",
  email: "e-mail",
  address: "address",
  eircode: "Eircode",
  openingHours: "opening hours",
  social: "social links",
  vatNumber: "VAT number",
  bank: "bank account",
  notifyEmails: "new-lead addresses",
  rating: "rating",
  googleReviewUrl: "Google review link",
};

const ENV_MAIL_MESSAGE =
  "Mail is set up on the server (SMTP_URL), and those settings win: change them there, or remove SMTP_URL to set mail up here.";

/**
 * /api/admin/settings/auto-reply (the visitor auto-reply: read, change),
 * /api/admin/settings/business (the business's facts: read, change in part),
 * /api/admin/settings/mail (the mail server: status, set up, send a test) and
 * /api/admin/account/email (your own daily digest address). Mounted after the admin guard. Mail,
 * the auto-reply, the business's details and the digest address decide what the business mails and
 * where enquiries go, so the guard asks for a recent confirmation of the caller's password before
 * each change (`confirm` in features/auth/access.ts): a stolen session must not redirect every
 * enquiry. The new-lead addresses are read by owners only.
 */
export function settingsApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  router.get("/api/admin/settings/auto-reply", async (_req, res) => {
    res.json(await getAutoReplySettings(db()));
  });

  router.put("/api/admin/settings/auto-reply", readJson, async (req, res) => {
    const result = await saveAutoReplySettings(db(), req.body);
    if (result.status === "invalid")
      return sendApiError(res, 400, INVALID_MESSAGE, { fieldErrors: result.fieldErrors });
    if (result.changed.length > 0)
      await recordAudit(
        db(),
        requestActor(req, res),
        {
          action: "settings.auto-reply",
          summary: `Changed the visitor auto-reply (${result.changed
            .map((f) => ({ autoReplyEnabled: "on/off", autoReplySubject: "subject", autoReplyBody: "message" })[f])
            .join(
              ", ",
            )})${result.changed.includes("autoReplyEnabled") ? `: ${result.settings.autoReplyEnabled ? "on" : "off"}` : ""}`,
          details: { fields: result.changed, enabled: result.settings.autoReplyEnabled },
        },
        req.log,
      );
    res.json(result.settings);
  });

  router.get("/api/admin/settings/business", async (_req, res) => {
    await services.settings.refresh();
    const settings = services.settings.businessSettings();
    if ((res.locals.user as SessionState).role === "owner") return void res.json(settings);
    // Where every enquiry is mailed is not a public fact: owners, who alone change it, read it.
    const { notifyEmails: _ownersOnly, ...facts } = settings;
    res.json(facts);
  });

  router.put("/api/admin/settings/business", readJson, async (req, res) => {
    const result = await services.settings.saveBusiness(req.body);
    if (result.status === "invalid")
      return sendApiError(res, 400, INVALID_MESSAGE, { fieldErrors: result.fieldErrors });
    if (result.changed.length > 0)
      await recordAudit(
        db(),
        requestActor(req, res),
        {
          action: "settings.business",
          summary: `Changed the business settings (${result.changed.map((f) => BUSINESS_FIELD_WORDS[f] ?? f).join(", ")})`,
          details: { fields: result.changed },
        },
        req.log,
      );
    res.json(result.settings);
  });

  router.get("/api/admin/settings/mail", async (_req, res) => {
    res.json(await services.mail.status());
  });

  router.put("/api/admin/settings/mail", readJson, async (req, res) => {
    if ((await services.mail.status()).source === "env") return sendApiError(res, 409, ENV_MAIL_MESSAGE);
    const parsed = MailSettingsSchema.safeParse(req.body ?? {});
    if (!parsed.success)
      return sendApiError(res, 400, INVALID_MESSAGE, { fieldErrors: settingsFieldErrors(parsed.error) });
    const stored = services.mail.toStored(parsed.data);
    if (stored.user && !stored.sealedPassword)
      return sendApiError(res, 400, INVALID_MESSAGE, {
        fieldErrors: { password: "Enter the password for this user (or leave the user empty)" },
      });
    await services.settings.saveMail(stored);
    // What waited for a mail server (or failed with the old one) goes out now.
    await services.mail.retryWaiting();
    services.outbox.kick();
    await recordAudit(
      db(),
      requestActor(req, res),
      {
        action: "settings.mail",
        summary: `Set up mail through ${stored.host}:${stored.port}${parsed.data.password ? " (new password)" : ""}`,
        details: { host: stored.host, port: stored.port, security: stored.security, user: stored.user },
      },
      req.log,
    );
    res.json(await services.mail.status());
  });

  router.post("/api/admin/settings/mail/test", readJson, async (req, res) => {
    const parsed = TestMailSchema.safeParse(req.body ?? {});
    if (!parsed.success)
      return sendApiError(res, 400, INVALID_MESSAGE, { fieldErrors: settingsFieldErrors(parsed.error) });
    if (!(await services.mail.status()).configured)
      return sendApiError(res, 409, "Mail is not set up yet: enter your mail server's details and save them first.");
    const result = await services.mail.test(parsed.data.to);
    if (!result.ok) return sendApiError(res, 502, result.message);
    // It works: e-mails waiting after earlier failures need not wait for their next retry.
    await services.mail.retryWaiting();
    services.outbox.kick();
    res.json({ message: result.message });
  });

  router.put("/api/admin/account/email", readJson, async (req, res) => {
    const actor = requestActor(req, res);
    const result = await saveDigestEmail(db(), actor.userId!, req.body);
    if (result.status === "invalid")
      return sendApiError(res, 400, INVALID_MESSAGE, { fieldErrors: result.fieldErrors });
    await recordAudit(
      db(),
      actor,
      {
        action: "account.email",
        summary: result.email ? "Set own e-mail address" : "Removed own e-mail address",
      },
      req.log,
    );
    res.json({ email: result.email });
  });

  return router;
}
