import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailOutbox, quoteAcceptances, quotes, type QuoteRow } from "~/db/schema";
import { isSecretToken } from "~/features/security/secret-token.server";
import { createJobFromQuote } from "~/features/jobs/jobs.server";
import type { AppServices } from "~/services.server";
import { isExpired } from "./quote-dates";
import { quoteAcceptedClientEmail, quoteStaffEmail } from "./quote-emails.server";
import { addLeadEvent, centsToEuros, changeLead, type TimelineActor } from "~/features/leads/change-lead.server";
import type { FieldErrors, Validated } from "~/forms/field-errors";
import { validateAcceptance, validateDecline, type AcceptField, type QuoteAcceptance } from "./quote-answer-schema";
import { readSignature, type SignatureCheck } from "./quote-signature.server";
import { answeredRevision } from "./quote-revision";
import { quoteTotals } from "./quote-totals";
import type { QuoteLine } from "./quote-types";

// The client's answers to a quote on /q/<token>: the first view, accepting (with the job it
// starts) and declining, each one transaction with the lead's timeline and the outbox.

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

export type AnswerResult =
  | { status: "ok"; row: QuoteRow }
  | { status: "not-found" }
  | { status: "invalid"; errors: FieldErrors }
  | { status: "already"; answer: "accepted" | "declined" }
  | { status: "expired"; validUntil: string }
  /** The answer named another revision than the current one (or none). */
  | { status: "updated"; revision: number };

/** The accept form's fields, checked (the drawn signature already read: readSignature). */
export function checkAcceptance(
  raw: unknown,
  signature: SignatureCheck,
  lines: ReadonlyArray<QuoteLine>,
): Validated<QuoteAcceptance & { signature: string | null }, AcceptField> {
  const checked = validateAcceptance(
    raw,
    lines.filter((l) => l.optional).map((l) => l.id),
  );
  if (checked.ok && signature.ok) return { ok: true, data: { ...checked.data, signature: signature.signature } };
  const errors: FieldErrors<AcceptField> = checked.ok ? {} : { ...checked.errors };
  if (!signature.ok) errors.signature = signature.error;
  return { ok: false, errors };
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
    const result = checkAcceptance(raw, signature, before.lines);
    if (!result.ok) return { status: "invalid", errors: result.errors };
    const checked = result.data;
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
    await changeLead(tx, row!.submissionId, { status: "won", valueEur: centsToEuros(totals.netCents) }, CLIENT, {
      quote: [row!.number, `accepted by ${checked.name}`],
    });
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
  const checked = validateDecline({ reason: rawReason });
  if (!checked.ok) return { status: "invalid", errors: checked.errors };
  const { reason } = checked.data;
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
    await changeLead(
      tx,
      row!.submissionId,
      // The pipeline needs a reason for "lost" (500 characters at most).
      { status: "lost", lostReason: (reason ?? `Declined quote ${row!.number} online`).slice(0, 500) },
      CLIENT,
      { quote: [row!.number, "declined"] },
    );
    return { status: "ok", row: row! };
  });
}
