import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { invoices, jobs, quotes, type InvoiceRow, type JobRow } from "~/db/schema";
import type { InvoiceKind } from "~/db/column-types";
import { newSecretToken } from "~/features/security/secret-token.server";
import { dublinDay } from "~/features/time/dublin-time";
import {
  customInvoice,
  depositInvoice,
  finalInvoice,
  retentionInvoice,
  retentionReleaseDates,
  stageInvoice,
  type AcceptedQuote,
  type BillingDocument,
  type RetentionRelease,
} from "./invoice-maths";
import type { NewInvoiceInput } from "./invoice-schema";

// The job's billing (issue 38): what its accepted schedule gives next, worked out by invoice-maths
// from the documents already issued on the job (invoices and credit notes), and the drafts staff
// raise from it. A draft bills nothing yet: only issued documents count as "earlier".

export const KIND_LABELS: Record<InvoiceKind | "credit-note", string> = {
  deposit: "deposit",
  stage: "stage",
  final: "final",
  retention: "retention",
  custom: "custom",
  "credit-note": "credit note",
};

/** A stored row as invoice-maths reads it (a credit note knows the kind of invoice it credits). */
export function billingDocumentOf(row: InvoiceRow, credits?: InvoiceKind): BillingDocument {
  return {
    kind: row.kind,
    ...(row.stage !== null ? { stage: row.stage } : {}),
    ...(row.release !== null ? { release: row.release } : {}),
    ...(credits ? { credits } : {}),
    vatMode: row.vatMode,
    lines: row.lines,
    parts: row.parts,
    totals: {
      netCents: row.netCents,
      vat: row.vat,
      vatCents: row.vatCents,
      grossCents: row.grossCents,
      retentionCents: row.retentionCents,
    },
  };
}

/** The job's issued invoices and credit notes, oldest first, as invoice-maths reads them. */
export async function issuedOnJob(db: Db, jobId: number): Promise<{ rows: InvoiceRow[]; docs: BillingDocument[] }> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.jobId, jobId), ne(invoices.status, "draft")))
    .orderBy(invoices.issuedAt, invoices.id);
  const kindOf = new Map(rows.map((r) => [r.id, r.kind]));
  const missing = rows
    .filter((r) => r.creditsInvoiceId !== null && !kindOf.has(r.creditsInvoiceId))
    .map((r) => r.creditsInvoiceId!);
  if (missing.length)
    for (const r of await db
      .select({ id: invoices.id, kind: invoices.kind })
      .from(invoices)
      .where(inArray(invoices.id, missing)))
      kindOf.set(r.id, r.kind);
  const docs = rows.map((r) =>
    billingDocumentOf(r, r.creditsInvoiceId !== null ? (kindOf.get(r.creditsInvoiceId) as InvoiceKind) : undefined),
  );
  return { rows, docs };
}

/** The accepted quote the job's schedule invoices follow; null for a job made without a quote. */
export async function acceptedQuoteOf(db: Db, job: JobRow): Promise<AcceptedQuote | null> {
  if (!job.payments) return null;
  const [quote] = job.quoteId
    ? await db.select({ number: quotes.number }).from(quotes).where(eq(quotes.id, job.quoteId))
    : [];
  return { number: quote?.number ?? job.number, lines: job.lines, vatMode: job.vatMode, payments: job.payments };
}

export type DraftResult =
  | { status: "ok"; row: InvoiceRow }
  | { status: "not-found" }
  | { status: "invalid"; errors: Record<string, string> }
  | { status: "conflict"; message: string };

type Worked = { ok: true; doc: BillingDocument } | { ok: false; result: Exclude<DraftResult, { status: "ok" }> };

const conflict = (message: string): Worked => ({ ok: false, result: { status: "conflict", message } });

/** Which half of the retention is due: the first at completion, the second once the defects period is over. */
function retentionDue(job: JobRow, quote: AcceptedQuote, earlier: BillingDocument[], today: string) {
  if (!job.completedAt)
    return {
      ok: false as const,
      message: `Job ${job.number} is not complete yet: the first half of the retention is due at completion. Mark the job complete, or say which half to release (release: "completion" or "defects").`,
    };
  const dates = retentionReleaseDates(dublinDay(job.completedAt), quote.payments);
  if (retentionInvoice(quote, "completion", earlier)) return { ok: true as const, release: "completion" as const };
  if (today >= dates.defects) return { ok: true as const, release: "defects" as const };
  return {
    ok: false as const,
    message: `The first half of the retention has been invoiced; the second half is due on ${dates.defects}, at the end of the ${quote.payments.defectsMonths}-month defects period.`,
  };
}

/** What the schedule gives for the kind asked, from the documents issued so far. */
function scheduleDocument(
  job: JobRow,
  quote: AcceptedQuote,
  input: Exclude<NewInvoiceInput, { kind: "custom" }>,
  earlier: BillingDocument[],
  today: string,
): Worked {
  const { payments } = quote;
  switch (input.kind) {
    case "deposit": {
      if (payments.depositPercent === 0) return conflict("The accepted payment schedule has no deposit.");
      const doc = depositInvoice(quote, earlier);
      return doc
        ? { ok: true, doc }
        : conflict("Nothing left to bill as a deposit: it has been invoiced already, or later work has.");
    }
    case "stage": {
      const count = payments.stages.length;
      if (input.stage >= count)
        return {
          ok: false,
          result: {
            status: "invalid",
            errors: {
              stage: `The accepted schedule has ${count} stage${count === 1 ? "" : "s"}: choose a stage from 0 to ${count - 1}`,
            },
          },
        };
      const doc = stageInvoice(quote, input.stage, earlier);
      const label = payments.stages[input.stage]!.label;
      return doc
        ? { ok: true, doc }
        : conflict(`Nothing left to bill for stage ${input.stage + 1} (${label}): it has been invoiced already.`);
    }
    case "final": {
      const doc = finalInvoice(quote, earlier);
      return doc ? { ok: true, doc } : conflict("Nothing left to bill: all the work on the job has been invoiced.");
    }
    case "retention": {
      if (payments.retentionPercent === 0) return conflict("The accepted payment schedule holds no retention.");
      let release: RetentionRelease;
      if (input.release) release = input.release;
      else {
        const due = retentionDue(job, quote, earlier, today);
        if (!due.ok) return conflict(due.message);
        release = due.release;
      }
      const doc = retentionInvoice(quote, release, earlier);
      return doc
        ? { ok: true, doc }
        : conflict(
            release === "completion"
              ? "Nothing left to release at completion: no retention is held yet, or its first half has been invoiced."
              : "Nothing left to release: the retention held has been invoiced in full.",
          );
    }
  }
}

/** The job's schedule document for a kind as it would be now (to check a draft before it is issued). */
export async function workOutDocument(db: Db, job: JobRow, input: NewInvoiceInput, today: string): Promise<Worked> {
  if (input.kind === "custom") return { ok: true, doc: customInvoice(input.lines, job.vatMode) };
  const quote = await acceptedQuoteOf(db, job);
  if (!quote)
    return conflict(
      `Job ${job.number} was not made from an accepted quote, so it has no payment schedule: raise a custom invoice with its lines instead.`,
    );
  const { docs } = await issuedOnJob(db, job.id);
  return scheduleDocument(job, quote, input, docs, today);
}

/** The stored columns of a worked-out document. */
export const documentColumns = (doc: BillingDocument) => ({
  vatMode: doc.vatMode,
  lines: doc.lines,
  parts: doc.parts,
  netCents: doc.totals.netCents,
  vat: doc.totals.vat,
  vatCents: doc.totals.vatCents,
  grossCents: doc.totals.grossCents,
  retentionCents: doc.totals.retentionCents,
});

/**
 * POST /api/admin/jobs/:id/invoices: a draft from the job's schedule (deposit, a stage, final,
 * retention) or a custom one. The job row is locked, so two staff raising at once queue; one
 * schedule draft at a time per job, since each is worked out from what was issued before it.
 */
export async function raiseInvoice(
  db: Db,
  jobId: number,
  input: NewInvoiceInput,
  userId: number | null,
  now = new Date(),
): Promise<DraftResult> {
  return db.transaction(async (tx): Promise<DraftResult> => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
    if (!job) return { status: "not-found" };
    if (input.kind !== "custom") {
      const [open] = await tx
        .select({ id: invoices.id, kind: invoices.kind })
        .from(invoices)
        .where(and(eq(invoices.jobId, jobId), eq(invoices.status, "draft"), ne(invoices.kind, "custom")))
        .limit(1);
      if (open)
        return {
          status: "conflict",
          message: `A draft ${KIND_LABELS[open.kind]} invoice is already open on job ${job.number}: issue or delete it before raising another from the schedule.`,
        };
    }
    const worked = await workOutDocument(tx, job, input, dublinDay(now));
    if (!worked.ok) return worked.result;
    const { doc } = worked;
    const [row] = await tx
      .insert(invoices)
      .values({
        kind: doc.kind,
        stage: doc.stage ?? null,
        release: doc.release ?? null,
        token: newSecretToken(),
        status: "draft",
        clientId: job.clientId,
        jobId: job.id,
        ...documentColumns(doc),
        createdBy: userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { status: "ok", row: row! };
  });
}
