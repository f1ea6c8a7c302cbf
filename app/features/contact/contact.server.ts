import type { Logger } from "pino";
import { contactSubmissions, emailOutbox, type SubmissionSource } from "~/db/schema";
import type { AppServices } from "~/services.server";
import { fieldErrorsOf } from "~/forms/field-errors";
import { CONTACT_FIELDS, type ContactFieldErrors } from "./contact-fields";
import { ContactMetaSchema, ContactSchema } from "./contact-schema";
import { checkFormToken } from "./form-token.server";
import { queueAutoReply } from "./auto-reply.server";
import { buildContactNotification } from "./notification.server";
import { attachedEstimate, INVALID_ESTIMATE_MESSAGE } from "~/features/estimate/estimate-token.server";

export type SubmitResult =
  | { status: "stored"; id: number }
  | { status: "invalid"; fieldErrors: ContactFieldErrors }
  | { status: "rate-limited"; retryAfterSeconds: number }
  /** Refused as a whole with this message (a forged or damaged estimate id): nothing stored. */
  | { status: "rejected"; message: string }
  /** Spam: answered like a success so bots learn nothing, but nothing is stored. */
  | { status: "discarded"; reason: "honeypot" | "too-fast" | "bad-token" };

export type SubmitContext = {
  services: AppServices;
  source: Exclude<SubmissionSource, "chat">;
  ip: string;
  logger?: Logger;
};

/**
 * One enquiry from the form or the API. The enquiry and its notification e-mail are committed in
 * one transaction before this returns, so a visitor who is told "sent" has been heard even if the
 * mail server is down; the e-mail goes out from the outbox.
 */
export async function submitContact(raw: unknown, ctx: SubmitContext): Promise<SubmitResult> {
  const log = ctx.logger ?? ctx.services.logger;
  const body = raw !== null && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  const parsed = ContactSchema.safeParse(body);
  if (!parsed.success) return { status: "invalid", fieldErrors: fieldErrorsOf(parsed.error, CONTACT_FIELDS) };
  const meta = ContactMetaSchema.parse(body);
  const estimate = attachedEstimate(body, ctx.services.appSecret);
  if (estimate === "invalid") {
    log.warn({ ip: ctx.ip, source: ctx.source }, "contact refused: estimate id does not verify");
    return { status: "rejected", message: INVALID_ESTIMATE_MESSAGE };
  }

  if (meta.website) {
    log.warn({ ip: ctx.ip, source: ctx.source }, "contact spam discarded: honeypot filled");
    return { status: "discarded", reason: "honeypot" };
  }
  // The browser form always carries a token; API clients may not.
  if (meta.formToken || ctx.source === "contact-form") {
    const check = meta.formToken
      ? checkFormToken(ctx.services.appSecret, meta.formToken, Date.now(), ctx.services.env.CONTACT_MIN_FILL_MS)
      : "invalid";
    if (check !== "ok") {
      log.warn({ ip: ctx.ip, source: ctx.source, check }, "contact spam discarded: form token");
      return { status: "discarded", reason: check === "too-fast" ? "too-fast" : "bad-token" };
    }
  }

  const limit = await ctx.services.limits.contact.consume(`ip:${ctx.ip}`);
  if (!limit.allowed) {
    log.warn({ ip: ctx.ip, retryAfterSeconds: limit.retryAfterSeconds }, "contact rate limit reached");
    return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  }

  const { env, business } = ctx.services;
  const id = await ctx.services.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactSubmissions)
      .values({
        ...parsed.data,
        phone: parsed.data.phone ?? null,
        service: parsed.data.service ?? null,
        source: ctx.source,
        landingPage: meta.landingPage || null,
        referrer: meta.referrer || null,
        utm: meta.utm ?? null,
        estimate,
      })
      .returning();
    const mail = buildContactNotification(row!, {
      to: env.NOTIFY_EMAIL ?? business.email,
      siteUrl: env.SITE_URL,
      businessName: business.name,
    });
    await tx.insert(emailOutbox).values({ submissionId: row!.id, ...mail });
    await queueAutoReply(tx, row!, business, env.SITE_URL);
    return row!.id;
  });
  log.info(
    { submissionId: id, source: ctx.source, service: parsed.data.service ?? null, withEstimate: Boolean(estimate) },
    "contact submission stored",
  );
  ctx.services.metrics.leadAccepted(ctx.source);
  ctx.services.outbox.kick();
  return { status: "stored", id };
}
