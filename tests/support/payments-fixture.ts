import crypto from "node:crypto";
import type { Db } from "~/db/client.server";
import { invoices, type InvoiceRow } from "~/db/schema";
import type { InvoiceParty, RatePart, VatMode } from "~/db/column-types";

// An invoice inserted directly, for the payments, statement and chasing tests (issue 38): the real
// raising and issuing live in the invoices API; these tests need only its rows. Amounts are one
// line at 13.5 % (or the reverse charge), the parts as invoice-maths would store them.

let made = 0;

export type TestInvoiceOptions = {
  clientId: number;
  jobId?: number | null;
  /** Net before VAT, in cents. */
  netCents?: number;
  vatMode?: VatMode;
  status?: InvoiceRow["status"];
  kind?: InvoiceRow["kind"];
  release?: InvoiceRow["release"];
  issuedOn?: string;
  dueOn?: string;
  /** Retention held back by a stage invoice (before VAT), already out of `netCents`. */
  heldCents?: number;
  /** A retention invoice's release (before VAT). */
  releasedCents?: number;
  creditsInvoiceId?: number;
  buyerEmail?: string;
};

const party = (name: string, email: string): InvoiceParty => ({
  name,
  address: ["Unit 4, Swords Business Park", "Swords, Co. Dublin"],
  eircode: "K67 X2Y3",
  country: "IE",
  vatNumber: "IE1234567T",
  email,
});

export async function insertTestInvoice(db: Db, options: TestInvoiceOptions): Promise<InvoiceRow> {
  made++;
  const status = options.status ?? "issued";
  const vatMode = options.vatMode ?? "standard";
  const net = options.netCents ?? 100_000;
  const vat = vatMode === "reverse-charge" ? 0 : Math.round((net * 135) / 1000);
  const kind = options.kind ?? "stage";
  const sign = kind === "credit-note" ? -1 : 1;
  const held = options.heldCents ?? 0;
  const released = options.releasedCents ?? 0;
  const parts: RatePart[] = [
    {
      rate: 13.5,
      workCents: sign * (net + held - released),
      heldCents: sign * held,
      releasedCents: sign * released,
      netCents: sign * net,
      vatCents: sign * vat,
    },
  ];
  const issuedOn = options.issuedOn ?? "2026-11-02";
  const year = issuedOn.slice(0, 4);
  const series = kind === "credit-note" ? "CN" : "INV";
  const [row] = await db
    .insert(invoices)
    .values({
      kind,
      release: options.release ?? null,
      number:
        status === "draft"
          ? null
          : `${series}-${year}-T${String(made).padStart(4, "0")}${crypto.randomBytes(2).toString("hex")}`,
      token: crypto.randomBytes(18).toString("base64url"),
      status,
      clientId: options.clientId,
      jobId: options.jobId ?? null,
      creditsInvoiceId: options.creditsInvoiceId ?? null,
      vatMode,
      lines: [
        { description: "Suspended ceiling, stage 1", quantity: 1, unit: "item", unitPriceCents: net, vatRate: 13.5 },
      ],
      parts,
      netCents: net,
      vat: vatMode === "reverse-charge" ? [] : [{ rate: 13.5, netCents: net, vatCents: vat }],
      vatCents: vat,
      grossCents: net + vat,
      retentionCents: held,
      seller: status === "draft" ? null : party("IC Interiors Ltd", "info@icinteriors.ie"),
      buyer: status === "draft" ? null : party("Shopfit Test Ltd", options.buyerEmail ?? "accounts@shopfit.example.ie"),
      issuedOn: status === "draft" ? null : issuedOn,
      supplyDate: status === "draft" ? null : issuedOn,
      dueOn: status === "draft" ? null : (options.dueOn ?? "2026-11-30"),
      issuedAt: status === "draft" ? null : new Date(`${issuedOn}T10:00:00Z`),
    })
    .returning();
  return row!;
}
