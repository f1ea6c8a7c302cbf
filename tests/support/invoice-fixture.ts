import type { Db } from "~/db/client.server";
import type { InvoiceParty, InvoiceStatus } from "~/db/column-types";
import { clients, invoices, type InvoiceRow } from "~/db/schema";
import {
  creditNote,
  customInvoice,
  depositInvoice,
  stageInvoice,
  type AcceptedQuote,
  type BillingDocument,
} from "~/features/invoices/invoice-maths";
import { newSecretToken } from "~/features/security/secret-token.server";

// Issued invoices and credit notes inserted directly, for the tests of the invoice PDF, sending
// and the client's page (issue 38, item 3). Drafting and issuing are the invoices API's; these
// tests need only its rows: numbered, parties frozen, totals from invoice-maths as issuing stores them.

export const TEST_SELLER: InvoiceParty = {
  name: "IC Interiors Ltd",
  address: ["Unit 4, Ballymount Road", "Ballymount", "Dublin 12"],
  eircode: "D12 X5F8",
  country: "IE",
  vatNumber: "IE 6388047V",
  email: "accounts@icinteriors.ie",
};

export const TEST_BUYER: InvoiceParty = {
  name: "Mulberry & Finch Retail Ltd",
  address: ["12 Grafton Street", "Dublin 2"],
  eircode: "D02 Y754",
  country: "IE",
  vatNumber: "IE 9876543W",
  email: "accounts@mulberry.example.ie",
};

export const TEST_PRINCIPAL: InvoiceParty = {
  name: "Brennan Main Contractors Ltd",
  address: ["Block C, Citywest Business Campus", "Dublin 24"],
  eircode: "D24 K7W2",
  country: "IE",
  vatNumber: "IE 6433435F",
  email: "payables@brennan.example.ie",
};

const quote = (vatMode: AcceptedQuote["vatMode"]): AcceptedQuote => ({
  number: "Q-2026-0042",
  vatMode,
  payments: {
    depositPercent: 30,
    stages: [
      { label: "First fix", percent: 40 },
      { label: "On completion", percent: 30 },
    ],
    retentionPercent: 5,
    defectsMonths: 12,
  },
  lines: [
    {
      id: "a",
      description: "Suspended ceiling, 600 × 600 grid and tiles",
      quantity: 120.5,
      unit: "m²",
      unitPriceCents: 42_35,
      vatRate: 13.5,
      optional: false,
      selected: true,
      goods: false,
    },
    ...(vatMode === "standard"
      ? [
          {
            id: "b",
            description: "Acoustic tiles (supply)",
            quantity: 40,
            unit: "each" as const,
            unitPriceCents: 18_99,
            vatRate: 23 as const,
            optional: false,
            selected: true,
            goods: true,
          },
        ]
      : []),
  ],
});

/** The four documents the section 66 tests read: standard, mixed-rate (with retention), reverse-charge, credit note. */
export function testDocuments() {
  const standard = customInvoice(
    [
      {
        description: "Partition, 70 mm stud, 2 × 12.5 mm board",
        quantity: 18.25,
        unit: "m²",
        unitPriceCents: 55_00,
        vatRate: 13.5,
      },
      { description: "Labour, out of hours", quantity: 6, unit: "hour", unitPriceCents: 48_50, vatRate: 13.5 },
    ],
    "standard",
  );
  const mixedQuote = quote("standard");
  const deposit = depositInvoice(mixedQuote, [])!;
  const mixedStage = stageInvoice(mixedQuote, 0, [deposit])!;
  const reverseQuote = quote("reverse-charge");
  const reverse = depositInvoice(reverseQuote, [])!;
  const credited = creditNote(
    standard,
    [],
    [
      {
        description: "Labour, out of hours (not needed)",
        quantity: 2,
        unit: "hour",
        unitPriceCents: 48_50,
        vatRate: 13.5,
      },
    ],
  );
  if (!credited.ok) throw new Error("credit refused");
  return { standard, mixedStage, reverse, credit: credited.creditNote };
}

export type TestInvoiceOptions = {
  doc: BillingDocument;
  number: string;
  clientId?: number;
  jobId?: number | null;
  status?: InvoiceStatus;
  seller?: InvoiceParty;
  buyer?: InvoiceParty;
  issuedOn?: string;
  supplyDate?: string | null;
  dueOn?: string | null;
  creditsInvoiceId?: number | null;
  reason?: string;
  paidCents?: number;
  rctCents?: number;
};

let made = 0;

/** An issued document (a client made for it unless `clientId` is given); `status: "draft"` gives a draft. */
export async function insertTestInvoice(db: Db, o: TestInvoiceOptions): Promise<InvoiceRow> {
  made++;
  const clientId =
    o.clientId ??
    (
      await db
        .insert(clients)
        .values({ name: `Invoice client ${made}`, company: o.buyer?.name ?? TEST_BUYER.name })
        .returning()
    )[0]!.id;
  const status = o.status ?? "issued";
  const draft = status === "draft";
  const t = o.doc.totals;
  const [row] = await db
    .insert(invoices)
    .values({
      kind: o.doc.kind,
      number: draft ? null : o.number,
      token: newSecretToken(),
      status,
      clientId,
      jobId: o.jobId ?? null,
      creditsInvoiceId: o.creditsInvoiceId ?? null,
      reason: o.reason ?? "",
      vatMode: o.doc.vatMode,
      lines: o.doc.lines,
      parts: o.doc.parts,
      netCents: t.netCents,
      vat: t.vat,
      vatCents: t.vatCents,
      grossCents: t.grossCents,
      retentionCents: t.retentionCents,
      paidCents: o.paidCents ?? 0,
      rctCents: o.rctCents ?? 0,
      seller: draft ? null : (o.seller ?? TEST_SELLER),
      buyer: draft ? null : (o.buyer ?? TEST_BUYER),
      issuedOn: draft ? null : (o.issuedOn ?? "2026-11-20"),
      supplyDate: o.supplyDate === undefined ? "2026-11-18" : o.supplyDate,
      dueOn: o.dueOn === undefined ? (o.doc.kind === "credit-note" ? null : "2026-12-20") : o.dueOn,
      issuedAt: draft ? null : new Date("2026-11-20T10:00:00Z"),
    })
    .returning();
  return row!;
}
