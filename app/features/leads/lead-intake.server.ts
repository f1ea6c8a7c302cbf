import type { IncomingHttpHeaders } from "node:http";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { contactSubmissions, leadVisits, type ContactSubmission, type SubmissionSource } from "~/db/schema";
import type { FieldErrors } from "~/forms/field-errors";
import type { RateLimiter } from "~/features/security/rate-limit.server";
import type { AppServices } from "~/services.server";
import { attachLeadToClient } from "~/features/clients/client-for-lead.server";
import { queueLeadEmails } from "./lead-emails.server";
import { LeadMetaSchema } from "./lead-meta-schema";
import { capQuarantine } from "./quarantine.server";
import { spamVerdict } from "./spam-verdict.server";

// THE lead intake: every way a visitor reaches the business (the contact form, its JSON API, the
// chat, an estimate sent with a message, and later bookings and quote requests) stores its lead
// through takeLead. One place validates, decides on spam, stores, queues the staff notification and
// the visitor's auto-reply, wakes the outbox and counts the lead, so a new source cannot forget a
// step. A form is a LeadForm: how to read its body, which source it is, which rate limit it uses.
//
// Nothing a person sends is thrown away: what a spam check flags is stored in quarantine (spam,
// spamReason), answered exactly like a real lead, and e-mails nobody until staff release it.

/** A lead's own fields, as a form's parser produced them. */
export type LeadFields = {
  source: SubmissionSource;
  name: string;
  email: string;
  phone?: string | null;
  service?: string | null;
  message: string;
  leadQuality?: ContactSubmission["leadQuality"];
  transcript?: ContactSubmission["transcript"];
  estimate?: ContactSubmission["estimate"];
  /** A client-chosen key so a retried submission is stored once (the chat sends one). */
  idempotencyKey?: string;
};

export type LeadParse<F extends string> =
  | { ok: true; lead: LeadFields }
  /** Fields that fail the form's rules, by name (400, nothing stored). */
  | { ok: false; fieldErrors: FieldErrors<F> }
  /** Refused as a whole with this message (e.g. a forged estimate id): 400, nothing stored. */
  | { ok: false; message: string };

export type LeadForm<F extends string> = {
  /** Reads and validates a body (any object: a JSON body or a form post's fields). */
  parse(body: Record<string, unknown>, services: AppServices): LeadParse<F>;
  /** The site's own forms always carry a signed form token; "optional": the JSON API's other clients. */
  formToken: "required" | "optional" | "none";
  limiter(services: AppServices): RateLimiter;
  /**
   * Runs in the lead's transaction once a lead that is not spam is stored, before its e-mails are
   * queued (a booking claims its time here): throwing rolls the lead back, so nothing is stored.
   * `autoReply: false` when what it queued already answers the visitor (a calendar invitation).
   */
  onStored?(tx: Db, row: ContactSubmission): Promise<{ autoReply: boolean }>;
  /**
   * Runs in the lead's transaction once a submission the spam checks flag is stored in quarantine
   * (a booking records the requested time here, holding none): throwing rolls it back too.
   */
  onQuarantined?(tx: Db, row: ContactSubmission): Promise<void>;
};

export type LeadOutcome<F extends string> =
  /** Stored: in the inbox, or in quarantine (the visitor is answered the same either way). */
  | { status: "stored"; id: number; quarantined: boolean }
  /** The idempotency key was seen before: the existing lead, nothing new stored or e-mailed. */
  | { status: "duplicate"; id: number }
  | { status: "invalid"; fieldErrors: FieldErrors<F> }
  | { status: "rejected"; message: string }
  | { status: "rate-limited"; retryAfterSeconds: number };

export type IntakeContext = {
  services: AppServices;
  ip: string;
  /** The request's headers: with the IP, they give the visitor id that joins the lead to its visit. */
  headers?: IncomingHttpHeaders;
  logger?: Logger;
};

/**
 * Takes one lead. The lead, its notification and its auto-reply are committed in one transaction
 * before this returns, so a visitor who is told "sent" has been heard even if the mail server is
 * down; the e-mails go out from the outbox.
 */
export async function takeLead<F extends string>(
  raw: unknown,
  form: LeadForm<F>,
  ctx: IntakeContext,
): Promise<LeadOutcome<F>> {
  const { services } = ctx;
  const log = ctx.logger ?? services.logger;
  const body = raw !== null && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const parsed = form.parse(body, services);
  if (!parsed.ok)
    return "message" in parsed
      ? { status: "rejected", message: parsed.message }
      : { status: "invalid", fieldErrors: parsed.fieldErrors };
  const { lead } = parsed;
  const meta = LeadMetaSchema.parse(body);
  const { db } = services.database;

  // A retry of a lead already stored is answered before it can count against the rate limit.
  if (lead.idempotencyKey) {
    const existing = await findByKey(db, lead.idempotencyKey);
    if (existing !== undefined) return { status: "duplicate", id: existing };
  }

  const limit = await form.limiter(services).consume(`ip:${ctx.ip}`);
  if (!limit.allowed) {
    log.warn(
      { ip: ctx.ip, source: lead.source, retryAfterSeconds: limit.retryAfterSeconds },
      "lead rate limit reached",
    );
    return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  }

  const verdict = spamVerdict(meta, {
    formToken: form.formToken,
    secret: services.appSecret,
    minFillMs: services.env.CONTACT_MIN_FILL_MS,
  });
  const { env } = services;
  const visit = verdict.spam ? null : await leadVisitor(ctx, log);
  const outcome = await db.transaction(async (tx): Promise<LeadOutcome<F>> => {
    const [row] = await tx
      .insert(contactSubmissions)
      .values({
        source: lead.source,
        name: lead.name,
        email: lead.email,
        phone: lead.phone || null,
        service: lead.service || null,
        message: lead.message,
        leadQuality: lead.leadQuality ?? null,
        transcript: lead.transcript ?? null,
        estimate: lead.estimate ?? null,
        idempotencyKey: lead.idempotencyKey ?? null,
        landingPage: meta.landingPage || null,
        referrer: meta.referrer || null,
        utm: meta.utm ?? null,
        spam: verdict.spam,
        spamReason: verdict.spam ? verdict.reason : null,
      })
      // Two requests with one key at once: the unique constraint lets one in; the other finds it.
      .onConflictDoNothing({ target: contactSubmissions.idempotencyKey })
      .returning();
    if (!row) return { status: "duplicate", id: (await findByKey(tx, lead.idempotencyKey!))! };
    // The visit it came from, kept for a released one too (the report leaves spam out).
    if (visit) await tx.insert(leadVisits).values({ submissionId: row.id, ...visit });
    if (verdict.spam) {
      await form.onQuarantined?.(tx, row);
      await capQuarantine(tx, env.SPAM_MAX_ROWS);
    } else {
      await attachLeadToClient(tx, row);
      const after = form.onStored ? await form.onStored(tx, row) : { autoReply: true };
      await queueLeadEmails(tx, row, services, after);
    }
    return { status: "stored", id: row.id, quarantined: verdict.spam };
  });

  if (outcome.status === "stored") {
    if (verdict.spam) {
      log.warn(
        { submissionId: outcome.id, source: lead.source, ip: ctx.ip, reason: verdict.reason },
        "lead quarantined",
      );
      services.metrics.leadQuarantined(verdict.reason);
    } else {
      log.info(
        { submissionId: outcome.id, source: lead.source, service: lead.service ?? null, leadQuality: lead.leadQuality },
        "lead stored",
      );
      services.metrics.leadAccepted(lead.source);
      services.outbox.kick();
    }
  }
  return outcome;
}

type Queryable = Pick<Db, "select">;

async function findByKey(db: Queryable, key: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.idempotencyKey, key))
    .limit(1);
  return row?.id;
}

/**
 * Today's visitor id of the lead's request (the visitor analytics join the lead to its visit by
 * it), or null: analytics off, an opted-out or staff request, or the salt could not be read (the
 * lead matters more than its attribution).
 */
async function leadVisitor({ services, ip, headers }: IntakeContext, log: Logger) {
  if (!headers) return null;
  try {
    return await services.analytics.leadVisitor(ip, headers);
  } catch (error) {
    log.warn({ err: error }, "analytics: could not work out a lead's visitor id");
    return null;
  }
}
