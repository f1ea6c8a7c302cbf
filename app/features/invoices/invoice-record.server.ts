import { and, asc, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { clients, invoices, jobs } from "~/db/schema";
import type { InvoiceParty } from "~/db/column-types";
import type { BusinessSettings } from "~/features/site/business-settings";
import { invoiceView, type InvoiceView } from "./invoice-view";
import { sellerParty } from "./invoices.server";

// An invoice with what its admin page shows around it (issue 38): the parties as printed (frozen at
// issue; a draft shows today's), its job, the invoice a credit note credits, and an invoice's
// credit notes.

export type InvoiceRecord = {
  invoice: InvoiceView;
  reason: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  job: { id: number; number: string; title: string } | null;
  credits: { id: number; number: string | null } | null;
  creditNotes: Array<{ id: number; number: string | null; grossCents: number; issuedOn: string | null }>;
  creditedCents: number;
  /** When it last went to the client (ISO), or null. */
  sentAt: string | null;
};

export async function invoiceRecord(
  db: Db,
  siteUrl: string,
  id: number,
  business: BusinessSettings,
): Promise<InvoiceRecord | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) return null;
  const [[client], [job], [credits], creditNotes] = await Promise.all([
    db.select().from(clients).where(eq(clients.id, row.clientId)),
    row.jobId
      ? db.select({ id: jobs.id, number: jobs.number, title: jobs.title }).from(jobs).where(eq(jobs.id, row.jobId))
      : Promise.resolve([]),
    row.creditsInvoiceId
      ? db
          .select({ id: invoices.id, number: invoices.number })
          .from(invoices)
          .where(eq(invoices.id, row.creditsInvoiceId))
      : Promise.resolve([]),
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        grossCents: invoices.grossCents,
        issuedOn: invoices.issuedOn,
      })
      .from(invoices)
      .where(and(eq(invoices.creditsInvoiceId, id), ne(invoices.status, "draft")))
      .orderBy(asc(invoices.id)),
  ]);
  const buyer: InvoiceParty = row.buyer ?? {
    name: client!.company.trim() || client!.name,
    address: client!.address,
    eircode: client!.eircode,
    country: client!.country,
    vatNumber: client!.vatNumber,
    email: client!.contacts.find((c) => c.email)?.email ?? "",
  };
  return {
    invoice: invoiceView(row, siteUrl),
    reason: row.reason,
    seller: row.seller ?? sellerParty(business),
    buyer,
    job: job ?? null,
    credits: credits ?? null,
    creditNotes,
    creditedCents: row.creditedCents,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
