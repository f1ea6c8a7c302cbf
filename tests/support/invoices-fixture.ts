import crypto from "node:crypto";
import type { Db } from "~/db/client.server";
import { clients, jobs, type JobRow } from "~/db/schema";
import type { PaymentSchedule, QuoteLine, VatMode } from "~/db/column-types";
import type { BusinessSettings } from "~/features/site/business-settings";
import type { InvoiceServices } from "~/features/invoices/invoices.server";

// Jobs with an accepted schedule, and the business's settings, for the invoices' tests (issue 38):
// the rows a quote's acceptance leaves, inserted directly, so the billing tests do not depend on the
// quote pages.

export const SCHEDULE: PaymentSchedule = {
  depositPercent: 30,
  stages: [
    { label: "First fix", percent: 40 },
    { label: "On completion", percent: 30 },
  ],
  retentionPercent: 5,
  defectsMonths: 12,
};

export const JOB_LINES: QuoteLine[] = [
  {
    id: "l1",
    description: "Suspended ceiling, 600 × 600 grid and tiles",
    quantity: 120,
    unit: "m²",
    unitPriceCents: 45_00,
    vatRate: 13.5,
    optional: false,
    selected: true,
    goods: false,
  },
  {
    id: "l2",
    description: "LED panels supplied",
    quantity: 12,
    unit: "each",
    unitPriceCents: 85_00,
    vatRate: 23,
    optional: false,
    selected: true,
    goods: true,
  },
];

export const BUSINESS: BusinessSettings = {
  name: "IC Interiors",
  phone: "01 555 0192",
  email: "accounts@icinteriors.ie",
  address: "Unit 7, Ballymount Business Park\nDublin 12",
  eircode: "D12 X5F8",
  openingHours: { days: ["Monday"], opens: "08:00", closes: "18:00" },
  social: { facebook: "", instagram: "", linkedin: "" },
  vatNumber: "IE 6388047V",
  bank: { accountName: "IC Interiors Ltd", iban: "IE29AIBK93115212345678", bic: "AIBKIE2D" },
  notifyEmails: ["office@icinteriors.ie"],
  rating: null,
};

/** The services issuing needs, around a test database and settings the test may change. */
export function invoiceServices(db: Db, business: () => BusinessSettings = () => BUSINESS): InvoiceServices {
  return { database: { db }, env: { INVOICE_DUE_DAYS: 14 }, settings: { businessSettings: business } };
}

export type BillingJobOptions = {
  payments?: PaymentSchedule | null;
  vatMode?: VatMode;
  lines?: QuoteLine[];
  completedAt?: Date | null;
  client?: Partial<typeof clients.$inferInsert>;
};

let made = 0;

/** A client with a billing address and a job as a quote's acceptance leaves it. */
export async function insertBillingJob(db: Db, options: BillingJobOptions = {}): Promise<JobRow> {
  made++;
  const [client] = await db
    .insert(clients)
    .values({
      name: `Aoife Byrne ${made}`,
      company: `Byrne Retail ${made} Ltd`,
      contacts: [{ name: "Aoife Byrne", email: `accounts${made}@byrne.ie`, phone: "", role: "Accounts" }],
      address: ["12 Grafton Street", "Dublin 2"],
      eircode: "D02 Y754",
      vatNumber: options.vatMode === "reverse-charge" ? "IE 9876543W" : "",
      reverseCharge: options.vatMode === "reverse-charge",
      ...options.client,
    })
    .returning();
  const lines = options.lines ?? JOB_LINES;
  const [job] = await db
    .insert(jobs)
    .values({
      number: `J-2026-B${String(made).padStart(3, "0")}-${crypto.randomBytes(3).toString("hex")}`,
      token: crypto.randomBytes(18).toString("base64url"),
      status: options.completedAt ? "complete" : "in-progress",
      completedAt: options.completedAt ?? null,
      clientId: client!.id,
      title: `Shop ceiling ${made}`,
      site: { address: ["12 Grafton Street", "Dublin 2"], eircode: "D02 Y754" },
      lines,
      valueCents: lines.reduce((s, l) => s + Math.round(l.quantity * l.unitPriceCents), 0),
      payments: options.payments === undefined ? SCHEDULE : options.payments,
      vatMode: options.vatMode ?? "standard",
    })
    .returning();
  return job!;
}
