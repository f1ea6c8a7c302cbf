import { and, desc, eq, inArray, isNotNull, ne, notExists, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { invoiceReminders, invoices, jobs, type InvoiceRow, type JobRow } from "~/db/schema";
import { mulDivHalfUp } from "~/features/quotes/quote-totals";
import { dublinDay } from "~/features/time/dublin-time";
import type { VatRate } from "~/db/column-types";
import { retentionReleaseDates, type RetentionRelease } from "./invoice-maths";

// Retention per job (issue 38): what the job's issued documents held back less what retention
// invoices released (credit notes take their share back), and when it comes due: half at
// completion, half `defectsMonths` later (retentionReleaseDates). Read from the documents' parts,
// per VAT rate, so the halves are the amounts retentionInvoice bills (each rate's half rounded
// half-up).

export type RetentionReleaseView = {
  release: RetentionRelease;
  /** Irish calendar day; null until the job is complete. */
  dueOn: string | null;
  /** Excluding VAT, as the retention invoice bills it. */
  amountCents: number;
  /** The retention invoice raised for this half (a draft counts), or null. */
  invoicedId: number | null;
};

export type RetentionView = { heldCents: number; releases: RetentionReleaseView[] };

export const RELEASES: ReadonlyArray<RetentionRelease> = ["completion", "defects"];

type RetentionDoc = Pick<InvoiceRow, "id" | "jobId" | "kind" | "status" | "release" | "parts">;

const docColumns = {
  id: invoices.id,
  jobId: invoices.jobId,
  kind: invoices.kind,
  status: invoices.status,
  release: invoices.release,
  parts: invoices.parts,
};

/** The retention on a job: held now and each half's date, amount and invoice. */
export async function jobRetention(db: Db, job: JobRow): Promise<RetentionView> {
  const docs = await db.select(docColumns).from(invoices).where(eq(invoices.jobId, job.id)).orderBy(desc(invoices.id));
  return retentionOf(job, docs);
}

/** The retention from the job's documents (newest first), worked out in memory. */
function retentionOf(job: Pick<JobRow, "payments" | "completedAt">, docs: ReadonlyArray<RetentionDoc>): RetentionView {
  const heldByRate = new Map<VatRate, number>();
  let released = 0;
  for (const doc of docs) {
    if (doc.status === "draft") continue;
    for (const part of doc.parts) {
      heldByRate.set(part.rate, (heldByRate.get(part.rate) ?? 0) + part.heldCents);
      released += part.releasedCents;
    }
  }
  const held = [...heldByRate.values()].reduce((s, n) => s + n, 0);
  if (!job.payments || job.payments.retentionPercent <= 0) return { heldCents: held - released, releases: [] };
  const completionCents = [...heldByRate.values()].reduce((s, n) => s + mulDivHalfUp(n, 1, 2), 0);
  const dates = job.completedAt ? retentionReleaseDates(dublinDay(job.completedAt), job.payments) : null;
  const invoiced = (release: RetentionRelease) =>
    docs.find((d) => d.kind === "retention" && d.release === release && d.status !== "credited")?.id ?? null;
  return {
    heldCents: held - released,
    releases: [
      {
        release: "completion",
        dueOn: dates?.completion ?? null,
        amountCents: completionCents,
        invoicedId: invoiced("completion"),
      },
      {
        release: "defects",
        dueOn: dates?.defects ?? null,
        amountCents: held - completionCents,
        invoicedId: invoiced("defects"),
      },
    ],
  };
}

export type RetentionDue = {
  jobId: number;
  number: string;
  title: string;
  submissionId: number | null;
  release: RetentionRelease;
  dueOn: string;
  amountCents: number;
};

export const retentionReminderKind = (release: RetentionRelease) => `retention-${release}` as const;

/**
 * Retention halves due on or before `today` with nothing held back for them invoiced yet: the
 * dashboard's line and the staff reminders. `unclaimedOnly`: leave out those already reminded.
 */
export async function retentionDue(db: Db, today: string, unclaimedOnly = false): Promise<RetentionDue[]> {
  const completed = await db
    .select({
      id: jobs.id,
      number: jobs.number,
      title: jobs.title,
      submissionId: jobs.submissionId,
      payments: jobs.payments,
      completedAt: jobs.completedAt,
    })
    .from(jobs)
    .where(
      and(
        isNotNull(jobs.completedAt),
        isNotNull(jobs.payments),
        ne(jobs.status, "cancelled"),
        // The second half invoiced: it releases all that was left, nothing more comes due.
        notExists(
          db
            .select({ one: sql`1` })
            .from(invoices)
            .where(
              and(
                eq(invoices.jobId, jobs.id),
                eq(invoices.kind, "retention"),
                eq(invoices.release, "defects"),
                ne(invoices.status, "credited"),
              ),
            ),
        ),
        // Both halves claimed: nothing left to remind of (the common case once a job is old).
        unclaimedOnly
          ? notExists(
              db
                .select({ one: sql`1` })
                .from(invoiceReminders)
                .where(
                  and(eq(invoiceReminders.jobId, jobs.id), eq(invoiceReminders.kind, retentionReminderKind("defects"))),
                ),
            )
          : undefined,
      ),
    );
  const candidates = completed.filter((job) => {
    if (!job.payments || job.payments.retentionPercent <= 0) return false;
    return retentionReleaseDates(dublinDay(job.completedAt!), job.payments).completion <= today;
  });
  if (candidates.length === 0) return [];
  const claimed = unclaimedOnly
    ? await db
        .select({ jobId: invoiceReminders.jobId, kind: invoiceReminders.kind })
        .from(invoiceReminders)
        .where(
          inArray(
            invoiceReminders.jobId,
            candidates.map((j) => j.id),
          ),
        )
    : [];
  // One read of the candidates' documents, not one per job.
  const docs = await db
    .select(docColumns)
    .from(invoices)
    .where(
      inArray(
        invoices.jobId,
        candidates.map((j) => j.id),
      ),
    )
    .orderBy(desc(invoices.id));
  const out: RetentionDue[] = [];
  for (const job of candidates) {
    const retention = retentionOf(
      job,
      docs.filter((d) => d.jobId === job.id),
    );
    for (const half of retention.releases) {
      if (!half.dueOn || half.dueOn > today || half.invoicedId !== null || half.amountCents <= 0) continue;
      if (claimed.some((c) => c.jobId === job.id && c.kind === retentionReminderKind(half.release))) continue;
      out.push({
        jobId: job.id,
        number: job.number,
        title: job.title,
        submissionId: job.submissionId,
        release: half.release,
        dueOn: half.dueOn,
        amountCents: half.amountCents,
      });
    }
  }
  return out.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.jobId - b.jobId);
}
