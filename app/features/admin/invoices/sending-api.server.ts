import express, { type Router } from "express";
import { eq } from "drizzle-orm";
import { readJsonBody, sendApiError } from "~/api/api-errors.server";
import { invoices } from "~/db/schema";
import { requestActor } from "~/features/audit/audit.server";
import { bankOf, invoiceFiles, isIssued } from "~/features/invoices/invoice-documents.server";
import { sendInvoice, SEND_MESSAGES } from "~/features/invoices/invoice-sending.server";
import type { AppServices } from "~/services.server";

// An invoice's PDF for staff and sending it to the client (issue 38, item 3). Mounted inside the
// /api/admin router, after its session check (auth/access.ts: owners and office).

const idOf = (raw: string | string[] | undefined) =>
  typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : null;

const NOT_FOUND = "No such invoice.";

export function invoiceSendingApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  router.get("/api/admin/invoices/:id/pdf", async (req, res) => {
    const id = idOf(req.params.id);
    const [row] = id === null ? [] : await db().select().from(invoices).where(eq(invoices.id, id));
    if (!row) return sendApiError(res, 404, NOT_FOUND);
    // A draft has no number, parties or dates yet: nothing a PDF could truthfully carry.
    if (!isIssued(row)) return sendApiError(res, 409, SEND_MESSAGES.draft);
    const bank = bankOf(services.settings.businessSettings());
    const { pdf } = await invoiceFiles(services, db(), services.business, bank, row, { pdf: true, ubl: false });
    res
      .set({
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${pdf!.filename}"`,
        "Cache-Control": "no-store",
      })
      .send(pdf!.content);
  });

  // The body is optional ({ message }: a covering note); without one the e-mail goes as written.
  const optionalJson = readJsonBody({ limit: "16kb" });
  router.post(
    "/api/admin/invoices/:id/send",
    (req, res, next) =>
      !req.headers["transfer-encoding"] && (req.headers["content-length"] ?? "0") === "0"
        ? next()
        : optionalJson(req, res, next),
    async (req, res) => {
      const id = idOf(req.params.id);
      if (id === null) return sendApiError(res, 404, NOT_FOUND);
      const actor = requestActor(req, res);
      const result = await sendInvoice(services, id, req.body, actor);
      switch (result.status) {
        case "not-found":
          return sendApiError(res, 404, NOT_FOUND);
        case "invalid":
          return sendApiError(res, 400, result.message, { fieldErrors: result.fieldErrors });
        case "conflict":
          return sendApiError(res, 409, result.message);
        case "ok":
          services.outbox.kick();
          // 202: the e-mail is queued (the outbox makes the PDF and the e-invoice as it sends).
          return res.status(202).json({ ...result.invoice, sentAt: result.sentAt.toISOString(), sentTo: result.to });
      }
    },
  );

  return router;
}
