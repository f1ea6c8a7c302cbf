import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { clients, contactSubmissions, quoteAcceptances, quoteNumbers, quotes, type QuoteRow } from "~/db/schema";
import { getPriceList } from "~/features/estimate/pricing.server";
import { isSecretToken, newSecretToken } from "~/features/security/secret-token.server";
import { sampleVatNumberProblem } from "~/features/site/sample-facts";
import type { AppServices } from "~/services.server";
import { dublinDay } from "~/features/time/dublin-time";
import { isExpired } from "./quote-dates";
import { quoteDefaults } from "./quote-defaults";
import { type TimelineActor } from "~/features/leads/change-lead.server";
import { validateQuoteInput, type QuoteErrors } from "./quote-schema";
import { SendQuoteSchema } from "./quote-send-schema";
import { validate } from "~/forms/field-errors";
import { clientCanSee } from "./quote-revision";
import { queueQuoteEmail, unsendable } from "./quote-sending.server";
import { goodsOverTwoThirds, quoteTotals, TWO_THIRDS_WARNING } from "./quote-totals";
import type { QuoteInput, QuoteLine, QuoteStatus, QuoteTotals } from "./quote-types";
import type { PaymentSchedule } from "./payment-schedule";

// Quotes on a lead: create (numbered per calendar year), edit while not answered, send, and the
// client's answers. Every change is one transaction with the lead's timeline and the e-mails it
// sends (through the outbox, so an SMTP outage delays an e-mail but loses nothing).

/** A line's id (the client's ticked options name them). */
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
  const today = dublinDay(now);
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
/** Sends the quote; the body is optional (`{ message }`: a covering note above the link in the e-mail). */
export async function sendQuote(
  services: Pick<AppServices, "database" | "env" | "siteUrl" | "business" | "notifyEmails">,
  id: number,
  body: unknown,
  actor: TimelineActor,
  now = new Date(),
): Promise<QuoteResult> {
  const input = validate(SendQuoteSchema, body ?? {});
  if (!input.ok) return { status: "invalid", errors: input.errors };
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
    await queueQuoteEmail(tx, services, row!, "sent", actor, before.sentAt ? "sent again" : "sent", input.data.message);
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
