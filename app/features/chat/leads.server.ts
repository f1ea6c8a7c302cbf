import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import * as z from "zod/mini";
import { contactSubmissions, emailOutbox } from "~/db/schema";
import { ContactMetaSchema } from "~/features/contact/contact-schema";
import { queueAutoReply } from "~/features/contact/auto-reply.server";
import { buildContactNotification, type NotificationEmail } from "~/features/contact/notification.server";
import { fieldErrorsOf } from "~/forms/field-errors";
import type { AppServices } from "~/services.server";
import {
  CHAT_LEAD_FIELDS,
  ChatLeadSchema,
  leadMessage,
  type ChatLeadFieldErrors,
  type ChatLeadInput,
} from "./chat-lead-schema";
import { leadQuality } from "./rules";

export type ChatLeadResult =
  | { status: "stored"; id: number }
  /** The idempotency key was seen before: the existing enquiry, nothing new stored or e-mailed. */
  | { status: "duplicate"; id: number }
  | { status: "invalid"; fieldErrors: ChatLeadFieldErrors }
  | { status: "rate-limited"; retryAfterSeconds: number }
  /** Spam: answered like a success so bots learn nothing, but nothing is stored. */
  | { status: "discarded"; reason: "honeypot" };

export type ChatLeadContext = { services: AppServices; ip: string; logger?: Logger };

const EmailAddress = z.email();

/**
 * A lead from the chat assistant becomes an enquiry like any other (contact_submissions, source
 * 'chat'), with its quality, the conversation and the browser's idempotency key, and the staff
 * e-mail is queued in the same transaction. The quality is recomputed here from the answers.
 */
export async function submitChatLead(raw: unknown, ctx: ChatLeadContext): Promise<ChatLeadResult> {
  const log = ctx.logger ?? ctx.services.logger;
  const body = raw !== null && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  const parsed = ChatLeadSchema.safeParse(body);
  if (!parsed.success) return { status: "invalid", fieldErrors: fieldErrorsOf(parsed.error, CHAT_LEAD_FIELDS) };
  const meta = ContactMetaSchema.parse(body);
  if (meta.website) {
    log.warn({ ip: ctx.ip, source: "chat" }, "chat lead discarded: honeypot filled");
    return { status: "discarded", reason: "honeypot" };
  }

  const lead = parsed.data;
  const { db } = ctx.services.database;
  // A retry of a lead already stored is answered before it can count against the rate limit.
  const existing = await findByKey(db, lead.idempotencyKey);
  if (existing !== undefined) return { status: "duplicate", id: existing };

  const limit = await ctx.services.limits.chat.consume(`ip:${ctx.ip}`);
  if (!limit.allowed) {
    log.warn({ ip: ctx.ip, retryAfterSeconds: limit.retryAfterSeconds }, "chat lead rate limit reached");
    return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  }

  const { env, business } = ctx.services;
  const quality = leadQuality(lead);
  const result = await db.transaction(async (tx): Promise<ChatLeadResult> => {
    const [row] = await tx
      .insert(contactSubmissions)
      .values({
        name: lead.name,
        email: lead.email,
        phone: lead.phone ?? null,
        service: lead.projectType,
        message: leadMessage(lead),
        source: "chat",
        leadQuality: quality,
        transcript: lead.transcript ?? null,
        idempotencyKey: lead.idempotencyKey,
        landingPage: meta.landingPage || null,
        referrer: meta.referrer || null,
        utm: meta.utm ?? null,
      })
      // Two requests with one key at once: the unique constraint lets one in; the other finds it.
      .onConflictDoNothing({ target: contactSubmissions.idempotencyKey })
      .returning();
    if (!row) return { status: "duplicate", id: (await findByKey(tx, lead.idempotencyKey))! };
    const mail = buildContactNotification(row, {
      to: env.NOTIFY_EMAIL ?? business.email,
      siteUrl: env.SITE_URL,
      businessName: business.name,
    });
    await tx.insert(emailOutbox).values({ submissionId: row.id, ...withTranscript(mail, lead) });
    await queueAutoReply(tx, row, business, env.SITE_URL);
    return { status: "stored", id: row.id };
  });

  if (result.status === "stored") {
    log.info({ submissionId: result.id, source: "chat", leadQuality: quality }, "chat lead stored");
    ctx.services.metrics.leadAccepted("chat");
    ctx.services.outbox.kick();
  }
  return result;
}

type Queryable = Pick<AppServices["database"]["db"], "select">;

async function findByKey(db: Queryable, key: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.idempotencyKey, key))
    .limit(1);
  return row?.id;
}

const dublinTime = new Intl.DateTimeFormat("en-IE", { timeZone: "Europe/Dublin", timeStyle: "short" });

/**
 * The contact notification plus the conversation. Reply-To is the visitor's address only when it
 * looks like one: the chat does not check it, and a malformed Reply-To must not stop the e-mail.
 */
function withTranscript(
  mail: NotificationEmail,
  lead: ChatLeadInput,
): Omit<NotificationEmail, "replyTo"> & { replyTo: string | null } {
  const transcript = lead.transcript?.length
    ? [
        "",
        "Chat conversation:",
        ...lead.transcript.map(
          (m) =>
            `[${dublinTime.format(new Date(m.timestamp))}] ${m.sender === "bot" ? "Assistant" : "Visitor"}: ${m.text}`,
        ),
      ]
    : [];
  return {
    ...mail,
    replyTo: EmailAddress.safeParse(lead.email).success ? lead.email : null,
    bodyText: [mail.bodyText, ...transcript].join("\n"),
  };
}
