import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { invoices, type JobRow } from "~/db/schema";
import type { DocumentKind, InvoiceStatus, PaymentSchedule, VatMode } from "~/db/column-types";
import { dublinDay } from "~/features/time/dublin-time";
import { acceptedAmounts } from "./invoice-maths";
import { signedGross } from "./invoice-format";
import { balanceOf } from "./invoice-view";

// The job card's Billing panel (issue 38): the accepted schedule, what has been billed on the job
// (issued invoices less credit notes, including VAT) and every document raised on it.

export type JobBilling = {
  schedule: PaymentSchedule | null;
  vatMode: VatMode;
  /** The accepted gross (net + VAT) the schedule bills; 0 without a schedule. */
  acceptedGrossCents: number;
  billedGrossCents: number;
  documents: Array<{
    id: number;
    number: string | null;
    kind: DocumentKind;
    status: InvoiceStatus;
    stage: number | null;
    release: "completion" | "defects" | null;
    grossCents: number;
    balanceCents: number;
    issuedOn: string | null;
    dueOn: string | null;
  }>;
  /** The Irish day the documents' overdue labels are worked out for. */
  today: string;
};

export async function jobBilling(db: Db, job: JobRow, now = new Date()): Promise<JobBilling> {
  const rows = await db.select().from(invoices).where(eq(invoices.jobId, job.id)).orderBy(asc(invoices.id));
  const billedGrossCents = rows.filter((r) => r.status !== "draft").reduce((sum, r) => sum + signedGross(r), 0);
  return {
    schedule: job.payments,
    vatMode: job.vatMode,
    acceptedGrossCents: job.payments ? acceptedAmounts({ lines: job.lines, vatMode: job.vatMode }).grossCents : 0,
    billedGrossCents,
    documents: rows.map((r) => ({
      id: r.id,
      number: r.number,
      kind: r.kind,
      status: r.status,
      stage: r.stage,
      release: r.release,
      grossCents: r.grossCents,
      balanceCents: balanceOf(r),
      issuedOn: r.issuedOn,
      dueOn: r.dueOn,
    })),
    today: dublinDay(now),
  };
}
