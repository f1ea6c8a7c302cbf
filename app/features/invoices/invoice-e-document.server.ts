import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { invoices, jobs, type InvoiceRow } from "~/db/schema";
import type { InvoiceParty } from "~/db/column-types";
import type { BusinessSettings } from "~/features/site/business-settings";
import { billingDocumentOf } from "./invoice-drafts.server";
import { buildUbl, retentionOf, type EDocument, type EParty } from "./ubl.server";

// An issued invoice or credit note as its UBL e-invoice (GET /api/admin/invoices/:id/ubl.xml), made
// from the stored row alone: the parties as frozen at issue, its lines and parts (retention), and
// where to pay from Settings → Business.

/** A frozen party's address lines as UBL's street, further lines and town (the last line). */
export function eParty(party: InvoiceParty): EParty {
  const [street = "", ...rest] = party.address;
  const city = rest.length ? rest[rest.length - 1]! : "";
  const middle = rest.slice(0, -1).join(", ");
  return {
    name: party.name,
    address: {
      street,
      ...(middle ? { additionalStreet: middle } : {}),
      city,
      postalCode: party.eircode,
      country: party.country,
    },
    ...(party.vatNumber ? { vatNumber: party.vatNumber } : {}),
    ...(party.email ? { email: party.email } : {}),
  };
}

/** The e-invoice's document; null for a draft (it has no number, date or parties yet). */
export async function eDocumentOf(
  db: Db,
  row: InvoiceRow,
  business: Pick<BusinessSettings, "bank">,
): Promise<EDocument | null> {
  if (row.status === "draft" || !row.number || !row.issuedOn || !row.seller || !row.buyer) return null;
  const [job] = row.jobId
    ? await db.select({ number: jobs.number, payments: jobs.payments }).from(jobs).where(eq(jobs.id, row.jobId))
    : [];
  const [credited] = row.creditsInvoiceId
    ? await db
        .select({ number: invoices.number, issuedOn: invoices.issuedOn })
        .from(invoices)
        .where(eq(invoices.id, row.creditsInvoiceId))
    : [];
  const bank = business.bank?.iban ? business.bank : undefined;
  const isCredit = row.kind === "credit-note";
  return {
    kind: isCredit ? "credit-note" : "invoice",
    number: row.number,
    issuedOn: row.issuedOn,
    ...(row.supplyDate ? { supplyDate: row.supplyDate } : {}),
    ...(!isCredit && row.dueOn ? { dueOn: row.dueOn } : {}),
    buyerReference: job?.number ?? row.number,
    ...(credited?.number && credited.issuedOn
      ? { creditedInvoice: { number: credited.number, issuedOn: credited.issuedOn } }
      : {}),
    ...(isCredit && row.reason ? { reason: row.reason } : {}),
    seller: eParty(row.seller),
    buyer: eParty(row.buyer),
    ...(bank && !isCredit ? { bank } : {}),
    reverseCharge: row.vatMode === "reverse-charge",
    lines: row.lines,
    retention: retentionOf(billingDocumentOf(row)),
    ...(job?.payments?.retentionPercent ? { retentionPercent: job.payments.retentionPercent } : {}),
    totals: billingDocumentOf(row).totals,
  };
}

/** The UBL XML of an issued document; null for a draft. */
export async function invoiceUbl(
  db: Db,
  row: InvoiceRow,
  business: Pick<BusinessSettings, "bank">,
): Promise<string | null> {
  const doc = await eDocumentOf(db, row, business);
  return doc ? buildUbl(doc) : null;
}
