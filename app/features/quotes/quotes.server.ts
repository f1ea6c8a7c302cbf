import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  clients,
  contactSubmissions,
  emailOutbox,
  quoteAcceptances,
  quoteNumbers,
  quotes,
  type QuoteRow,
} from "~/db/schema";
import { getPriceList } from "~/features/estimate/pricing.server";
import { isSecretToken, newSecretToken } from "~/features/security/secret-token.server";
import { createJobFromQuote } from "~/features/jobs/jobs.server";
import { sampleVatNumberProblem } from "~/features/site/sample-facts";
import type { AppServices } from "~/services.server";
import { dublinDate, isExpired } from "./quote-dates";
import { quoteDefaults } from "./quote-defaults";
import { quoteAcceptedClientEmail, quoteStaffEmail } from "./quote-emails.server";
import { addLeadEvent, centsToEuros, moveLead, type TimelineActor } from "./quote-lead.server";
import { validateQuoteInput, type QuoteErrors } from "./quote-schema";
import { readSignature, type SignatureCheck } from "./quote-signature.server";
import { answeredRevision, clientCanSee } from "./quote-revision";
import { queueQuoteEmail, unsendable } from "./quote-sending.server";
import { goodsOverTwoThirds, quoteTotals, TWO_THIRDS_WARNING } from "./quote-totals";
import type { QuoteInput, QuoteLine, QuoteStatus, QuoteTotals } from "./quote-types";
import type { PaymentSchedule } from "./payment-schedule";

// Quotes on a lead: create (numbered per calendar year), edit while not answered, send, and the
// client's answers. Every change is one transaction with the lead's timeline and the e-mails it
// sends (through the outbox, so an SMTP outage delays an e-mail but loses nothing).

/** The client's link: 144 random bits, never derived from the id. */
const newLineId = () => crypto.randomBytes(6).toString("base64url");

export type QuoteView = {
  id: number;
  leadId: number;
  number: string;
  status: QuoteStatus;
  /** Raised by every change once the client can see the quote (the PDF and their page show it). */
  revision: number;
  /** Past validUntil and not answered. */
  expired: boolean;
  client: QuoteRow["client"];
  lines: QuoteLine[];
  vatMode: QuoteRow["vatMode"];
  validUntil: string;
  depositPercent: number;
  payments: PaymentSchedule;
  notes: string;
  totals: QuoteTotals;
  warnings: Array<{ code: "two-thirds"; message: string }>;
  /** The client's page. */
  url: string;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
  viewedAt: Date | null;
  acceptedAt: Date | null;
  declinedAt: Date | null;
  declineReason: string | null;
  acceptance: {
    name: string;
    at: Date;
    selected: string[];
    totals: QuoteTotals;
    payments: PaymentSchedule;
    signed: boolean;
  } | null;
};

export type Acceptance = typeof quoteAcceptances.$inferSelect;

export function quoteView(row: QuoteRow, siteUrl: string, acceptance: Acceptance | null, now = new Date()): QuoteView {
  return {
    id: row.id,
    leadId: row.submissionId,
    number: row.number,
    status: row.status,
    revision: row.revision,
    expired:
      (row.status === "sent" || row.status === "viewed" || row.status === "draft") && isExpired(row.validUntil, now),
    client: row.client,
    lines: row.lines,
    vatMode: row.vatMode,
    validUntil: row.validUntil,
    depositPercent: row.depositPercent,
    payments: row.payments,
    notes: row.notes,
    totals: row.totals,
    warnings: goodsOverTwoThirds(row.lines) ? [{ code: "two-thirds", message: TWO_THIRDS_WARNING }] : [],
    url: `${siteUrl}/q/${row.token}`,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    sentAt: row.sentAt,
    viewedAt: row.viewedAt,
    acceptedAt: row.acceptedAt,
    declinedAt: row.declinedAt,
    declineReason: row.declineReason,
    acceptance: acceptance
      ? {
          name: acceptance.name,
          at: acceptance.at,
          selected: acceptance.selected,
          totals: acceptance.totals,
          payments: acceptance.payments,
          signed: acceptance.signature !== null,
        }
      : null,
  };
}

/** Lines with ids: an id the quote already had is kept (the client's ticks refer to it), others are new. */
function withIds(lines: QuoteInput["lines"], existing: ReadonlyArray<QuoteLine>): QuoteLine[] {
  const known = new Set(existing.map((l) => l.id));
  const used = new Set<string>();
  return lines.map((line) => {
    let id = line.id && known.has(line.id) && !used.has(line.id) ? line.id : newLineId();
    while (used.has(id)) id = newLineId();
    used.add(id);
    return { ...line, id };
  });
}

function computed(input: QuoteInput, existing: ReadonlyArray<QuoteLine>) {
  const lines = withIds(input.lines, existing);
  const totals = quoteTotals(lines, input.vatMode, input.payments.depositPercent);
  return {
    client: input.client,
    lines,
    vatMode: input.vatMode,
    validUntil: input.validUntil,
    // The schedule is the deposit's one writer: the column is kept for the totals and old readers.
    depositPercent: input.payments.depositPercent,
    payments: input.payments,
    notes: input.notes,
    totals,
    netCents: totals.netCents,
    grossCents: totals.grossCents,
  };
}

/** The next number of the year: the counter row is locked until the creating transaction ends. */
async function nextQuoteNumber(tx: Db, year: number): Promise<string> {
  const [row] = await tx
    .insert(quoteNumbers)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: quoteNumbers.year, set: { last: sql`${quoteNumbers.last} + 1` } })
    .returning({ last: quoteNumbers.last });
  return `Q-${year}-${String(row!.last).padStart(4, "0")}`;
}

export type QuoteResult =
  | { status: "ok"; quote: QuoteView }
  | { status: "invalid"; errors: QuoteErrors }
  | { status: "not-found" }
  | { status: "locked"; quoteStatus: QuoteStatus }
  /** The client has this quote: a change is saved only when it is sent to them too (`resend: true`). */
  | { status: "resend-required"; revision: number }
  /** The quote cannot go out as things stand (the VAT number is still the sample): 409 with the reason. */
  | { status: "conflict"; message: string };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** POST /api/admin/contacts/:id/quotes: the lead's defaults, overridden by whatever the body sends. */
export async function createQuote(
  services: Pick<AppServices, "database" | "env" | "siteUrl">,
  leadId: number,
  raw: unknown,
  actor: TimelineActor,
  now = new Date(),
): Promise<QuoteResult> {
  const db = services.database.db;
  if (raw !== undefined && raw !== null && !isObject(raw))
    return { status: "invalid", errors: { body: "Send the quote as a JSON object." } };
  const [lead] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, leadId));
  if (!lead) return { status: "not-found" };
  const today = dublinDate(now);
  const [client] =
    lead.clientId === null
      ? []
      : await db
          .select({ company: clients.company, reverseCharge: clients.reverseCharge })
          .from(clients)
          .where(eq(clients.id, lead.clientId));
  const defaults = quoteDefaults(lead, await getPriceList(db), today, client ?? null);
  const body = raw ?? {};
  const { payments: defaultPayments, depositPercent: defaultDeposit, ...rest } = defaults;
  const merged = {
    ...rest,
    // A deposit sent without a schedule makes its own (the deposit, the rest on completion); a
    // schedule sent brings its deposit.
    ...(body.depositPercent === undefined && body.payments === undefined
      ? { depositPercent: defaultDeposit, payments: defaultPayments }
      : {}),
    ...body,
    client: isObject(body.client) ? { ...defaults.client, ...body.client } : (body.client ?? defaults.client),
  };
  // A lead without an estimate starts with no lines: the draft stays empty until staff add some.
  const checked = validateQuoteInput(merged);
  if (!checked.ok) return { status: "invalid", errors: checked.errors };
  const input = checked.data;

  const row = await db.transaction(async (tx) => {
    const number = await nextQuoteNumber(tx, Number(today.slice(0, 4)));
    const [created] = await tx
      .insert(quotes)
      .values({
        submissionId: leadId,
        number,
        token: newSecretToken(),
        createdBy: actor.userId,
        ...computed(input, []),
      })
      .returning();
    return created!;
  });
  return { status: "ok", quote: quoteView(row, services.siteUrl, null, now) };
}

export async function getQuote(db: Db, siteUrl: string, id: number): Promise<QuoteView | null> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!row) return null;
  const [acceptance] = await db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, id));
  return quoteView(row, siteUrl, acceptance ?? null);
}

const isLocked = (status: QuoteStatus) => status === "accepted" || status === "declined";

/**
 * PUT /api/admin/quotes/:id: the whole quote, while it is a draft or sent (not yet answered). Once
 * the client can see it, a change is refused unless the body says `resend: true`: then it is saved
 * as the next revision and e-mailed to the client as an updated quote in the same transaction, so
 * the client never holds a version other than the one they can accept.
 */
export async function updateQuote(
  services: Pick<AppServices, "database" | "env" | "business" | "siteUrl">,
  id: number,
  raw: unknown,
  actor: TimelineActor,
  now = new Date(),
): Promise<QuoteResult> {
  const checked = validateQuoteInput(raw);
  const resend = isObject(raw) && raw.resend === true;
  return services.database.db.transaction(async (tx): Promise<QuoteResult> => {
    const [before] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
    if (!before) return { status: "not-found" };
    if (isLocked(before.status)) return { status: "locked", quoteStatus: before.status };
    if (!checked.ok) return { status: "invalid", errors: checked.errors };
    const live = clientCanSee(before.status);
    if (live && !resend) return { status: "resend-required", revision: before.revision };
    const sampleVat = live ? sampleVatNumberProblem(services.business, "a quote") : null;
    if (sampleVat) return { status: "conflict", message: sampleVat };
    const unfit = live ? unsendable(checked.data.lines.length, checked.data.validUntil, now) : null;
    if (unfit) return { status: "invalid", errors: unfit };
    const [row] = await tx
      .update(quotes)
      .set({
        ...computed(checked.data, before.lines),
        updatedAt: now,
        ...(live ? { revision: before.revision + 1, sentAt: now } : {}),
      })
      .where(eq(quotes.id, id))
      .returning();
    if (live)
      await queueQuoteEmail(tx, services, row!, "updated", actor, `updated (revision ${row!.revision}) and sent`);
    return { status: "ok", quote: quoteView(row!, services.siteUrl, null, now) };
  });
}

/**
 * POST /api/admin/quotes/:id/send: the client gets the link and the PDF (made when the e-mail goes),
 * the quote becomes "sent", the lead "quoted" with the quote's net value. Sending again (after a
 * change) is allowed until the client answers. Refused while the VAT number it prints is the sample.
 */
export async function sendQuote(
  services: Pick<AppServices, "database" | "env" | "siteUrl" | "business" | "notifyEmails">,
  id: number,
  actor: TimelineActor,
  now = new Date(),
): Promise<QuoteResult> {
  return services.database.db.transaction(async (tx): Promise<QuoteResult> => {
    const [before] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
    if (!before) return { status: "not-found" };
    if (isLocked(before.status)) return { status: "locked", quoteStatus: before.status };
    const sampleVat = sampleVatNumberProblem(services.business, "a quote");
    if (sampleVat) return { status: "conflict", message: sampleVat };
    const unfit = unsendable(before.lines.length, before.validUntil, now);
    if (unfit) return { status: "invalid", errors: unfit };
    const [row] = await tx
      .update(quotes)
      .set({ status: before.viewedAt ? "viewed" : "sent", sentAt: now, updatedAt: now })
      .where(eq(quotes.id, id))
      .returning();
    await queueQuoteEmail(tx, services, row!, "sent", actor, before.sentAt ? "sent again" : "sent");
    return { status: "ok", quote: quoteView(row!, services.siteUrl, null, now) };
  });
}

// ---------------------------------------------------------------------------------------------
// The client's side (/q/:token)

/** A quote the client may see: sent (or answered). A draft, or a token that is not one, is not found. */
export async function findQuoteByToken(
  db: Db,
  token: string,
): Promise<{ row: QuoteRow; acceptance: Acceptance | null } | null> {
  if (!isSecretToken(token)) return null;
  const [row] = await db.select().from(quotes).where(eq(quotes.token, token));
  if (!row || row.status === "draft") return null;
  const [acceptance] =
    row.status === "accepted"
      ? await db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, row.id))
      : [];
  return { row, acceptance: acceptance ?? null };
}

const staffAddress = (services: Pick<AppServices, "notifyEmails">) => services.notifyEmails.join(", ");

/** The client's first view: "viewed", once, with one e-mail to staff (whichever request gets there first). */
export async function recordFirstView(
  services: Pick<AppServices, "database" | "env" | "siteUrl" | "business" | "notifyEmails">,
  quoteId: number,
  now = new Date(),
): Promise<boolean> {
  return services.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(quotes)
      .set({
        viewedAt: now,
        status: sql`case when ${quotes.status} = 'sent' then 'viewed' else ${quotes.status} end`,
      })
      .where(and(eq(quotes.id, quoteId), sql`${quotes.viewedAt} is null`, inArray(quotes.status, ["sent"])))
      .returning();
    if (!row) return false;
    await tx.insert(emailOutbox).values({
      submissionId: row.submissionId,
      kind: "quote-staff",
      ...quoteStaffEmail("viewed", row, { at: now }, services.siteUrl, services.business, staffAddress(services)),
    });
    await addLeadEvent(tx, row.submissionId, { quote: [row.number, "viewed"] }, CLIENT);
    return true;
  });
}

const CLIENT: TimelineActor = { userId: null, username: "the client" };

export const ACCEPT_LIMITS = { name: 200 } as const;

export type AnswerResult =
  | { status: "ok"; row: QuoteRow }
  | { status: "not-found" }
  | { status: "invalid"; errors: Record<string, string> }
  | { status: "already"; answer: "accepted" | "declined" }
  | { status: "expired"; validUntil: string }
  /** The answer named another revision than the current one (or none). */
  | { status: "updated"; revision: number };

/** The accept form's fields, checked (the drawn signature already read: readSignature). */
export function checkAcceptance(
  raw: { name?: unknown; selected?: unknown; agree?: unknown },
  signature: SignatureCheck,
  lines: ReadonlyArray<QuoteLine>,
):
  | { ok: true; name: string; selected: string[]; signature: string | null }
  | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = typeof raw.name === "string" ? raw.name.trim().replace(/\s+/g, " ") : "";
  if (!name) errors.name = "Type your full name to sign";
  else if (name.length > ACCEPT_LIMITS.name) errors.name = `Keep your name under ${ACCEPT_LIMITS.name} characters`;
  if (raw.agree !== true) errors.agree = "Tick the box to confirm you accept the quote";
  const given = raw.selected === undefined ? [] : raw.selected;
  const optional = new Set(lines.filter((l) => l.optional).map((l) => l.id));
  let selected: string[] = [];
  if (!Array.isArray(given) || !given.every((s): s is string => typeof s === "string" && optional.has(s)))
    errors.selected = "Choose from the quote's optional items";
  else selected = [...new Set(given)];
  if (!signature.ok) errors.signature = signature.error;
  if (!signature.ok || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, name, selected, signature: signature.signature };
}

/** Locks the client's quote for an answer to `revision`; says why it cannot take one. */
async function lockForAnswer(tx: Db, token: string, revision: unknown, now: Date) {
  if (!isSecretToken(token)) return { status: "not-found" } as const;
  const [row] = await tx.select().from(quotes).where(eq(quotes.token, token)).for("update");
  if (!row || row.status === "draft") return { status: "not-found" } as const;
  if (row.status === "accepted" || row.status === "declined") return { status: "already", answer: row.status } as const;
  if (isExpired(row.validUntil, now)) return { status: "expired", validUntil: row.validUntil } as const;
  if (answeredRevision(revision) !== row.revision) return { status: "updated", revision: row.revision } as const;
  return { status: "open", row } as const;
}

/**
 * POST /q/:token/accept: accepted and locked, the job made, the lead won, staff told, the client
 * confirmed with the accepted PDF.
 */
export async function acceptQuote(
  services: Pick<AppServices, "database" | "env" | "siteUrl" | "business" | "notifyEmails">,
  token: string,
  raw: { name?: unknown; selected?: unknown; agree?: unknown; signature?: unknown; revision?: unknown },
  meta: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<AnswerResult> {
  // Decoded before the quote is locked: no image work while holding the row (or PGlite's one connection).
  const signature = await readSignature(raw.signature);
  return services.database.db.transaction(async (tx): Promise<AnswerResult> => {
    const found = await lockForAnswer(tx, token, raw.revision, now);
    if (found.status !== "open") return found;
    const before = found.row;
    const checked = checkAcceptance(raw, signature, before.lines);
    if (!checked.ok) return { status: "invalid", errors: checked.errors };
    const chosen = new Set(checked.selected);
    const lines = before.lines.map((l) => (l.optional ? { ...l, selected: chosen.has(l.id) } : l));
    const totals = quoteTotals(lines, before.vatMode, before.depositPercent);
    await tx.insert(quoteAcceptances).values({
      quoteId: before.id,
      name: checked.name,
      at: now,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      selected: checked.selected,
      totals,
      payments: before.payments,
      signature: checked.signature,
    });
    const [row] = await tx
      .update(quotes)
      .set({
        status: "accepted",
        acceptedAt: now,
        lines,
        totals,
        netCents: totals.netCents,
        grossCents: totals.grossCents,
        updatedAt: now,
      })
      .where(eq(quotes.id, before.id))
      .returning();
    const link = `${services.siteUrl}/q/${row!.token}`;
    await tx.insert(emailOutbox).values([
      {
        submissionId: row!.submissionId,
        kind: "quote-staff",
        ...quoteStaffEmail(
          "accepted",
          row!,
          { name: checked.name, at: now },
          services.siteUrl,
          services.business,
          staffAddress(services),
        ),
      },
      {
        submissionId: row!.submissionId,
        kind: "quote-accepted",
        attachment: { type: "quote-pdf", quoteId: row!.id },
        ...quoteAcceptedClientEmail(row!, { name: checked.name, at: now }, link, services.business),
      },
    ]);
    // The work starts here: the job, with the lines and value as accepted (features/jobs).
    await createJobFromQuote(tx, row!, { netCents: totals.netCents }, now);
    await moveLead(
      tx,
      row!.submissionId,
      { status: "won", valueEur: centsToEuros(totals.netCents) },
      { quote: [row!.number, `accepted by ${checked.name}`] },
      CLIENT,
    );
    return { status: "ok", row: row! };
  });
}

/** POST /q/:token/decline: "declined", the lead lost with the client's reason, staff told. */
export async function declineQuote(
  services: Pick<AppServices, "database" | "env" | "siteUrl" | "business" | "notifyEmails">,
  token: string,
  rawReason: unknown,
  revision: unknown,
  now = new Date(),
): Promise<AnswerResult> {
  if (rawReason !== undefined && rawReason !== null && typeof rawReason !== "string")
    return { status: "invalid", errors: { reason: "Send the reason as text" } };
  const reason = (rawReason ?? "").trim().slice(0, 1000) || null;
  return services.database.db.transaction(async (tx): Promise<AnswerResult> => {
    const found = await lockForAnswer(tx, token, revision, now);
    if (found.status !== "open") return found;
    const [row] = await tx
      .update(quotes)
      .set({ status: "declined", declinedAt: now, declineReason: reason, updatedAt: now })
      .where(eq(quotes.id, found.row.id))
      .returning();
    await tx.insert(emailOutbox).values({
      submissionId: row!.submissionId,
      kind: "quote-staff",
      ...quoteStaffEmail(
        "declined",
        row!,
        { reason, at: now },
        services.siteUrl,
        services.business,
        staffAddress(services),
      ),
    });
    await moveLead(
      tx,
      row!.submissionId,
      // The pipeline needs a reason for "lost" (500 characters at most).
      { status: "lost", lostReason: (reason ?? `Declined quote ${row!.number} online`).slice(0, 500) },
      { quote: [row!.number, "declined"] },
      CLIENT,
    );
    return { status: "ok", row: row! };
  });
}
