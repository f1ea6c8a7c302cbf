import { eq } from "drizzle-orm";
import { validate, type FieldErrors } from "~/forms/field-errors";
import { clients, emailOutbox, invoices, jobs } from "~/db/schema";
import { addLeadEvent, type TimelineActor } from "~/features/leads/change-lead.server";
import { compactVatNumber } from "~/features/clients/irish-codes";
import { sampleVatNumberProblem } from "~/features/site/sample-facts";
import type { AppServices } from "~/services.server";
import { isIssued } from "./invoice-documents.server";
import { invoiceSentEmail } from "./invoice-emails.server";
import { SendInvoiceSchema } from "./invoice-send-schema";
import { invoiceLinkOf, invoiceView, type InvoiceView } from "./invoice-view";

// Sending an issued invoice or credit note to the client (POST /api/admin/invoices/:id/send): one
// transaction queues the e-mail (the outbox attaches the PDF and the e-invoice when it goes), sets
// sentAt and adds the event to the lead's timeline. Sending again is allowed (a client who lost it).

export type SendInvoiceResult =
  | { status: "ok"; invoice: InvoiceView; sentAt: Date; to: string }
  | { status: "not-found" }
  | { status: "invalid"; message: string; fieldErrors: FieldErrors }
  | { status: "conflict"; message: string };

export const SEND_MESSAGES = {
  draft: "This invoice is still a draft: issue it first, then send it.",
  noEmail: "The client has no e-mail address on this invoice: add one to the client, or send the PDF yourself.",
  frozenSample: (vat: string) =>
    `This document was issued with the sample VAT number ${vat}, so it cannot go to the client: credit it and issue it again once your own VAT number is in Settings → Business.`,
} as const;

export async function sendInvoice(
  services: Pick<AppServices, "database" | "business" | "siteUrl">,
  id: number,
  body: unknown,
  actor: TimelineActor,
): Promise<SendInvoiceResult> {
  const input = validate(SendInvoiceSchema, body ?? {});
  if (!input.ok) {
    const fieldErrors = input.errors;
    return { status: "invalid", message: Object.values(fieldErrors)[0] ?? "Check the covering note.", fieldErrors };
  }
  const business = services.business;
  return services.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    if (!row) return { status: "not-found" } as const;
    if (!isIssued(row)) return { status: "conflict", message: SEND_MESSAGES.draft } as const;
    // Nothing that prints the VAT number goes out while it is the sample (as for quotes).
    const sample = sampleVatNumberProblem(business, "an invoice");
    if (sample) return { status: "conflict", message: sample } as const;
    if (sampleVatNumberProblem(row.seller, "an invoice"))
      return {
        status: "conflict",
        message: SEND_MESSAGES.frozenSample(compactVatNumber(row.seller.vatNumber)),
      } as const;
    const to = row.buyer.email.trim();
    if (!to) return { status: "conflict", message: SEND_MESSAGES.noEmail } as const;

    const [job] = row.jobId
      ? await tx
          .select({ number: jobs.number, title: jobs.title, submissionId: jobs.submissionId })
          .from(jobs)
          .where(eq(jobs.id, row.jobId))
      : [];
    const [client] = await tx
      .select({ name: clients.name, contacts: clients.contacts })
      .from(clients)
      .where(eq(clients.id, row.clientId));
    const contact = client?.contacts.find((c) => c.email.toLowerCase() === to.toLowerCase());
    const link = invoiceLinkOf(services.siteUrl, row.token);
    const mail = invoiceSentEmail(row, link, business, {
      message: input.data.message ?? undefined,
      jobTitle: job?.title || null,
      contactName: contact?.name || client?.name || null,
    });
    await tx.insert(emailOutbox).values({
      submissionId: job?.submissionId ?? null,
      kind: "invoice",
      attachment: { type: "invoice", invoiceId: row.id },
      ...mail,
    });
    const now = new Date();
    const [sent] = await tx
      .update(invoices)
      .set({ sentAt: now, updatedAt: now })
      .where(eq(invoices.id, row.id))
      .returning();
    if (job?.submissionId)
      await addLeadEvent(
        tx,
        job.submissionId,
        { [row.kind === "credit-note" ? "creditNote" : "invoice"]: [row.number, `sent to ${to}`] },
        actor,
      );
    return { status: "ok", invoice: invoiceView(sent!, services.siteUrl), sentAt: now, to } as const;
  });
}
