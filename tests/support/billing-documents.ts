import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { InvoiceLine, InvoiceParty, InvoiceStatus, VatMode } from "~/db/column-types";
import { clients, invoicePayments, invoices, type InvoiceRow } from "~/db/schema";
import { creditNote, customInvoice, type BillingDocument } from "~/features/invoices/invoice-maths";

// Issued invoices, credit notes and payments inserted directly, for the export, VAT summary and
// dashboard tests (issue 38 item 7). Raising, issuing and paying through the API is the invoices
// core's and payments' work; these tests need only the stored rows those write. Totals come from
// invoice-maths, so they are what a real document of those lines would store.

let made = 0;

const SELLER: InvoiceParty = {
  name: "IC Interiors Ltd",
  address: ["Unit 4, Test Park", "Dublin 12"],
  eircode: "D12 X2Y3",
  country: "IE",
  vatNumber: "IE1234567T",
  email: "accounts@example.ie",
};

export async function insertBillingClient(
  db: Db,
  options: { name?: string; vatNumber?: string; reverseCharge?: boolean } = {},
) {
  made++;
  const [client] = await db
    .insert(clients)
    .values({
      name: options.name ?? `Billing Client ${made}`,
      vatNumber: options.vatNumber ?? "",
      reverseCharge: options.reverseCharge ?? false,
    })
    .returning();
  return client!;
}

export const line = (description: string, unitPriceCents: number, vatRate: InvoiceLine["vatRate"]): InvoiceLine => ({
  description,
  quantity: 1,
  unit: "item",
  unitPriceCents,
  vatRate,
});

export type DocumentOptions = {
  client: { id: number; name: string; vatNumber: string };
  issuedOn: string;
  dueOn?: string;
  status?: InvoiceStatus;
  vatMode?: VatMode;
  /** Retention held back by the document (a stage invoice's), excluding VAT. */
  retentionCents?: number;
  kind?: InvoiceRow["kind"];
};

/** What issuing sets on a document: its number, the parties frozen and its dates. */
function issuedColumns(series: "INV" | "CN", options: DocumentOptions) {
  made++;
  return {
    number: `${series}-${options.issuedOn.slice(0, 4)}-${String(made).padStart(4, "0")}`,
    seller: SELLER,
    buyer: {
      name: options.client.name,
      address: ["1 Main Street", "Dublin 2"],
      eircode: "",
      country: "IE",
      vatNumber: options.client.vatNumber,
      email: "",
    },
    issuedOn: options.issuedOn,
    supplyDate: options.issuedOn,
    dueOn: options.dueOn ?? options.issuedOn,
    issuedAt: new Date(`${options.issuedOn}T10:00:00Z`),
  };
}

async function insertDocument(db: Db, doc: BillingDocument, options: DocumentOptions, creditsInvoiceId?: number) {
  const draft = (options.status ?? "issued") === "draft";
  const [row] = await db
    .insert(invoices)
    .values({
      kind: options.kind ?? doc.kind,
      token: crypto.randomBytes(16).toString("base64url"),
      status: options.status ?? "issued",
      clientId: options.client.id,
      creditsInvoiceId,
      vatMode: doc.vatMode,
      lines: doc.lines,
      parts: doc.parts,
      netCents: doc.totals.netCents,
      vat: doc.totals.vat,
      vatCents: doc.totals.vatCents,
      grossCents: doc.totals.grossCents,
      retentionCents: options.retentionCents ?? doc.totals.retentionCents,
      ...(draft ? {} : issuedColumns(doc.kind === "credit-note" ? "CN" : "INV", options)),
    })
    .returning();
  return row!;
}

/** A draft invoice issued as it stands (the number, parties and dates `options` give). */
export async function issueDraft(db: Db, draft: InvoiceRow, options: DocumentOptions) {
  const [row] = await db
    .update(invoices)
    .set({ status: "issued", ...issuedColumns("INV", options) })
    .where(eq(invoices.id, draft.id))
    .returning();
  return row!;
}

/** An issued invoice of these lines (or a draft with `status: "draft"`). */
export function insertInvoice(db: Db, lines: InvoiceLine[], options: DocumentOptions) {
  return insertDocument(db, customInvoice(lines, options.vatMode ?? "standard"), options);
}

/** An issued credit note on `invoice`: the whole of it, or the lines given. Marks what it credited. */
export async function insertCreditNote(db: Db, invoice: InvoiceRow, options: DocumentOptions, lines?: InvoiceLine[]) {
  const made = creditNote(
    {
      kind: "custom",
      vatMode: invoice.vatMode,
      lines: invoice.lines,
      parts: invoice.parts,
      totals: {
        netCents: invoice.netCents,
        vat: invoice.vat,
        vatCents: invoice.vatCents,
        grossCents: invoice.grossCents,
        retentionCents: invoice.retentionCents,
      },
    },
    [],
    lines,
  );
  if (!made.ok) throw new Error(JSON.stringify(made.fieldErrors));
  const note = await insertDocument(db, made.creditNote, { ...options, vatMode: invoice.vatMode }, invoice.id);
  await db
    .update(invoices)
    // Credited in full, the invoice reads "credited".
    .set({
      creditedCents: sql`${invoices.creditedCents} + ${note.grossCents}`,
      ...(lines ? {} : { status: "credited" as const }),
    })
    .where(eq(invoices.id, invoice.id));
  return note;
}

/** A payment on an invoice, with its sums and status kept as the payments code keeps them. */
export async function insertPayment(
  db: Db,
  invoice: InvoiceRow,
  payment: { paidOn: string; amountCents: number; rctRate?: 0 | 20 | 35; rctCents?: number },
) {
  await db.insert(invoicePayments).values({
    invoiceId: invoice.id,
    paidOn: payment.paidOn,
    amountCents: payment.amountCents,
    method: "transfer",
    rctRate: payment.rctRate ?? null,
    rctCents: payment.rctCents ?? 0,
  });
  const [row] = await db
    .update(invoices)
    .set({
      paidCents: sql`${invoices.paidCents} + ${payment.amountCents}`,
      rctCents: sql`${invoices.rctCents} + ${payment.rctCents ?? 0}`,
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  const settled = row!.paidCents + row!.rctCents + row!.creditedCents >= row!.grossCents;
  const [updated] = await db
    .update(invoices)
    .set({ status: settled ? "paid" : "part-paid" })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return updated!;
}
