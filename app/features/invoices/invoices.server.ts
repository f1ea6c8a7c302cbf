import { and, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { clients, invoices, jobs, type InvoiceRow } from "~/db/schema";
import type { InvoiceParty, RatePart } from "~/db/column-types";
import type { BusinessSettings } from "~/features/site/business-settings";
import { addressLines } from "~/features/site/address-lines";
import { sampleVatNumberProblem } from "~/features/site/sample-facts";
import { nextDocumentNumber } from "~/features/numbering/document-numbers.server";
import { newSecretToken } from "~/features/security/secret-token.server";
import { addDays, dublinDay } from "~/features/time/dublin-time";
import { CREDIT_MESSAGES, creditNote, customInvoice } from "./invoice-maths";
import { billingDocumentOf, documentColumns, type DraftResult, workOutDocument } from "./invoice-drafts.server";
import type { CreditNoteInput, InvoiceDraftChange, IssueInvoiceInput } from "./invoice-schema";
import { invoiceStatusOf } from "./invoice-view";

// Staff work on invoices after the draft (issue 38): change or delete a draft, issue it (its number
// and the parties frozen, in one transaction), and credit an issued invoice with a credit note of
// its own. An issued document never changes but for its status and sums; the database refuses any
// other change too (migration 0034's trigger).

export type InvoiceServices = {
  database: { db: Db };
  env: { INVOICE_DUE_DAYS: number };
  settings: { businessSettings: () => BusinessSettings };
};

type Result = DraftResult;

export const issuedMessage = (row: Pick<InvoiceRow, "number">, what: "changed" | "deleted") =>
  `${row.number} has been issued and cannot be ${what}: correct it with a credit note.`;

export async function getInvoiceRow(db: Db, id: number): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

async function lockInvoice(tx: Db, id: number): Promise<InvoiceRow | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  return row ?? null;
}

/** PUT /api/admin/invoices/:id: a draft's date of supply, and a custom draft's lines. */
export async function updateDraft(db: Db, id: number, change: InvoiceDraftChange, now = new Date()): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const row = await lockInvoice(tx, id);
    if (!row) return { status: "not-found" };
    if (row.status !== "draft") return { status: "conflict", message: issuedMessage(row, "changed") };
    const set: Partial<typeof invoices.$inferInsert> = { updatedAt: now };
    if (change.lines) {
      if (row.kind !== "custom")
        return {
          status: "conflict",
          message:
            "Only a custom invoice's lines can be changed: a schedule invoice's come from the job's payment schedule (delete the draft and raise it again).",
        };
      Object.assign(set, documentColumns(customInvoice(change.lines, row.vatMode)));
    }
    if (change.supplyDate !== undefined) set.supplyDate = change.supplyDate;
    const [updated] = await tx.update(invoices).set(set).where(eq(invoices.id, id)).returning();
    return { status: "ok", row: updated! };
  });
}

/** DELETE /api/admin/invoices/:id: a draft only. */
export async function deleteDraft(
  db: Db,
  id: number,
): Promise<{ status: "ok"; row: InvoiceRow } | { status: "not-found" } | { status: "conflict"; message: string }> {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    if (!row) return { status: "not-found" as const };
    if (row.status !== "draft") return { status: "conflict" as const, message: issuedMessage(row, "deleted") };
    await tx.delete(invoices).where(eq(invoices.id, id));
    return { status: "ok" as const, row };
  });
}

/**
 * Why the business cannot issue a document yet (section 66: its name, address and VAT number are on
 * every invoice), naming the setting; null when it can.
 */
export function sellerProblem(business: BusinessSettings): string | null {
  const sample = sampleVatNumberProblem(business, "an invoice");
  if (sample) return sample;
  if (!business.vatNumber.trim())
    return "Enter the business's VAT number in Settings → Business (VAT number): every VAT invoice carries it.";
  if (!business.name.trim() || addressLines(business.address).length === 0)
    return "Enter the business's name and address in Settings → Business: every invoice carries them.";
  return null;
}

/** The business as the document prints it. */
export function sellerParty(business: BusinessSettings): InvoiceParty {
  return {
    name: business.name,
    address: addressLines(business.address),
    eircode: business.eircode,
    country: "IE",
    vatNumber: business.vatNumber,
    email: business.email,
  };
}

/** The client as the document prints it, or why it cannot be issued to them yet. */
async function buyerParty(
  tx: Db,
  row: InvoiceRow,
): Promise<{ ok: true; party: InvoiceParty } | { ok: false; message: string }> {
  const [client] = await tx.select().from(clients).where(eq(clients.id, row.clientId));
  const name = client!.company.trim() || client!.name;
  if (client!.address.length === 0)
    return {
      ok: false,
      message: `${name} has no billing address: add it on the client's page (Address) before issuing; every invoice carries it.`,
    };
  if (row.vatMode === "reverse-charge" && !client!.vatNumber.trim())
    return {
      ok: false,
      message: `${name} has no VAT number: under the reverse charge the invoice carries the principal contractor's VAT number. Add it on the client's page (VAT number).`,
    };
  return {
    ok: true,
    party: {
      name,
      address: client!.address,
      eircode: client!.eircode,
      country: client!.country,
      vatNumber: client!.vatNumber,
      email: client!.contacts.find((c) => c.email)?.email ?? "",
    },
  };
}

/** Field by field: jsonb does not keep the keys' order. */
const sameParts = (a: ReadonlyArray<RatePart>, b: ReadonlyArray<RatePart>) =>
  a.length === b.length &&
  a.every((p, i) =>
    (["rate", "workCents", "heldCents", "releasedCents", "netCents", "vatCents"] as const).every(
      (k) => p[k] === b[i]![k],
    ),
  );

/**
 * POST /api/admin/invoices/:id/issue: the number (INV-<year>-<nnnn>, per Irish year of the issue
 * date, taken in this transaction: no gaps, unique across servers), the dates (issued today in
 * Dublin, supplied on the day given or today, due after INVOICE_DUE_DAYS) and the parties, frozen.
 * A schedule draft is worked out again first: if something was issued on the job since, it no
 * longer matches and is refused.
 */
export async function issueInvoice(
  services: InvoiceServices,
  id: number,
  input: IssueInvoiceInput,
  now = new Date(),
): Promise<Result> {
  const business = services.settings.businessSettings();
  const problem = sellerProblem(business);
  return services.database.db.transaction(async (tx): Promise<Result> => {
    const row = await lockInvoice(tx, id);
    if (!row) return { status: "not-found" };
    if (row.status !== "draft") return { status: "conflict", message: `${row.number} has already been issued.` };
    if (problem) return { status: "conflict", message: problem };
    const buyer = await buyerParty(tx, row);
    if (!buyer.ok) return { status: "conflict", message: buyer.message };
    const issuedOn = dublinDay(now);
    if (row.kind !== "custom" && row.kind !== "credit-note" && row.jobId !== null) {
      const [job] = await tx.select().from(jobs).where(eq(jobs.id, row.jobId)).for("update");
      const input = row.kind === "stage" ? { kind: "stage" as const, stage: row.stage ?? 0 } : { kind: row.kind };
      const worked = await workOutDocument(
        tx,
        job!,
        row.kind === "retention" ? { kind: "retention", release: row.release ?? "completion" } : input,
        issuedOn,
      );
      if (!worked.ok || !sameParts(worked.doc.parts, row.parts))
        return {
          status: "conflict",
          message:
            "The job's billing has changed since this draft was made (another invoice or credit note was issued): delete the draft and raise it again.",
        };
    }
    const number = await nextDocumentNumber(tx, "INV", Number(issuedOn.slice(0, 4)));
    const [issued] = await tx
      .update(invoices)
      .set({
        // Money already received for it (recorded on the draft) counts from the moment it is issued.
        status: invoiceStatusOf({ ...row, status: "issued" }),
        number,
        issuedOn,
        supplyDate: input.supplyDate ?? row.supplyDate ?? issuedOn,
        dueOn: addDays(issuedOn, services.env.INVOICE_DUE_DAYS),
        issuedAt: now,
        seller: sellerParty(business),
        buyer: buyer.party,
        updatedAt: now,
      })
      .where(eq(invoices.id, id))
      .returning();
    return { status: "ok", row: issued! };
  });
}

export type CreditResult = Result & { invoice?: InvoiceRow };

/**
 * POST /api/admin/invoices/:id/credit-note: a credit note of its own (CN-<year>-<nnnn>), issued at
 * once, taking back the whole of what is left on the invoice or the lines given (invoice-maths
 * refuses more than is left). The invoice keeps what its credit notes took (creditedCents) and,
 * credited in full, reads "credited".
 */
export async function creditInvoice(
  services: InvoiceServices,
  id: number,
  input: CreditNoteInput,
  userId: number | null,
  now = new Date(),
): Promise<CreditResult> {
  const business = services.settings.businessSettings();
  const problem = sellerProblem(business);
  return services.database.db.transaction(async (tx): Promise<CreditResult> => {
    const invoice = await lockInvoice(tx, id);
    if (!invoice) return { status: "not-found" };
    if (invoice.kind === "credit-note")
      return { status: "conflict", message: `${invoice.number} is a credit note: only an invoice can be credited.` };
    if (invoice.status === "draft")
      return {
        status: "conflict",
        message: "Only an issued invoice can be credited: this one is still a draft (change or delete it instead).",
      };
    if (problem) return { status: "conflict", message: problem };
    const before = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.creditsInvoiceId, id), ne(invoices.status, "draft")))
      .orderBy(invoices.id);
    const credited = creditNote(
      billingDocumentOf(invoice),
      before.map((r) => billingDocumentOf(r, invoice.kind as Exclude<InvoiceRow["kind"], "credit-note">)),
      input.lines,
    );
    if (!credited.ok) {
      const message = credited.fieldErrors.lines!;
      return message === CREDIT_MESSAGES.nothingLeft
        ? { status: "conflict", message }
        : { status: "invalid", errors: credited.fieldErrors };
    }
    const doc = credited.creditNote;
    const issuedOn = dublinDay(now);
    const number = await nextDocumentNumber(tx, "CN", Number(issuedOn.slice(0, 4)));
    const [note] = await tx
      .insert(invoices)
      .values({
        kind: "credit-note",
        number,
        token: newSecretToken(),
        status: "issued",
        clientId: invoice.clientId,
        jobId: invoice.jobId,
        creditsInvoiceId: invoice.id,
        reason: input.reason,
        ...documentColumns(doc),
        seller: sellerParty(business),
        // The client as the credited invoice names them: a credit note corrects that document.
        buyer: invoice.buyer,
        issuedOn,
        supplyDate: issuedOn,
        issuedAt: now,
        createdBy: userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const creditedCents = invoice.creditedCents + doc.totals.grossCents;
    const [updated] = await tx
      .update(invoices)
      .set({ creditedCents, status: invoiceStatusOf({ ...invoice, creditedCents }), updatedAt: now })
      .where(eq(invoices.id, id))
      .returning();
    return { status: "ok", row: note!, invoice: updated! };
  });
}
