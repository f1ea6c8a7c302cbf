import express, { type Router } from "express";
import { eq } from "drizzle-orm";
import { sendApiError } from "~/api/api-errors.server";
import { jobs } from "~/db/schema";
import { recordAudit, requestActor } from "~/features/audit/audit.server";
import {
  deletePayment,
  listPayments,
  PAYMENT_API_MESSAGES,
  recordPayment,
} from "~/features/invoices/invoice-payments.server";
import { invoiceView } from "~/features/invoices/invoice-view";
import { PAYMENT_MESSAGES, PaymentSchema } from "~/features/invoices/payment-schema";
import { jobRetention } from "~/features/invoices/retention.server";
import { clientStatement, pdfStatementOf } from "~/features/invoices/statement.server";
import { renderPdf } from "~/features/pdf/pdf-pool.server";
import { formatCents } from "~/features/quotes/quote-totals";
import { dublinDay } from "~/features/time/dublin-time";
import { fieldErrorsOf } from "~/forms/field-errors";
import type { AppServices } from "~/services.server";
import { idParam, readJson } from "../list/resource-api.server";

/**
 * Payments, retention and the client's statement (issue 38), inside the /api/admin router:
 * GET /api/admin/invoices/:id/payments → { items }; POST → 201 { payment, invoice } (400 naming
 * `amountCents` when it would overpay; 409 on a credit note or a credited invoice);
 * DELETE /api/admin/invoices/:id/payments/:paymentId → { payment, invoice };
 * GET /api/admin/jobs/:id/retention → { heldCents, releases }; GET /api/admin/clients/:id/statement
 * → the statement; GET /api/admin/clients/:id/statement.pdf → the PDF.
 */
export function paymentsAdminApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  router.get("/api/admin/invoices/:id/payments", async (req, res) => {
    const id = idParam(req.params.id);
    const items = id === null ? null : await listPayments(db(), id);
    if (!items) return sendApiError(res, 404, PAYMENT_API_MESSAGES.noInvoice);
    res.json({ items });
  });

  router.post("/api/admin/invoices/:id/payments", readJson, async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null) return sendApiError(res, 404, PAYMENT_API_MESSAGES.noInvoice);
    if (typeof req.body !== "object" || req.body === null || Array.isArray(req.body))
      return sendApiError(res, 400, PAYMENT_MESSAGES.body);
    const parsed = PaymentSchema.safeParse(req.body);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      const fields = Object.keys(fieldErrors);
      return sendApiError(res, 400, `Please correct ${fields.join(", ")}: ${Object.values(fieldErrors)[0]}.`, {
        fieldErrors,
      });
    }
    const actor = requestActor(req, res);
    const result = await recordPayment(db(), id, parsed.data, actor.userId);
    if (result.status === "not-found") return sendApiError(res, 404, PAYMENT_API_MESSAGES.noInvoice);
    if (result.status === "refused") return sendApiError(res, 409, result.message);
    if (result.status === "invalid") {
      const [field, message] = Object.entries(result.fieldErrors)[0]!;
      return sendApiError(res, 400, `Please correct ${field}: ${message}.`, { fieldErrors: result.fieldErrors });
    }
    const { payment, invoice } = result;
    await recordAudit(
      db(),
      actor,
      {
        action: "payment.record",
        summary: `Recorded a payment of ${formatCents(payment.amountCents)} on ${invoice.number ?? `draft invoice ${invoice.id}`}`,
        target: { type: "invoice", id: invoice.id },
        details: { paymentId: payment.id, rctCents: payment.rctCents, method: payment.method },
      },
      req.log,
    );
    res.status(201).json({ payment, invoice: invoiceView(invoice, services.siteUrl) });
  });

  router.delete("/api/admin/invoices/:id/payments/:paymentId", async (req, res) => {
    const id = idParam(req.params.id);
    const paymentId = idParam(req.params.paymentId);
    if (id === null) return sendApiError(res, 404, PAYMENT_API_MESSAGES.noInvoice);
    if (paymentId === null) return sendApiError(res, 404, PAYMENT_API_MESSAGES.noPayment);
    const result = await deletePayment(db(), id, paymentId);
    if (result.status === "not-found")
      return sendApiError(
        res,
        404,
        result.what === "invoice" ? PAYMENT_API_MESSAGES.noInvoice : PAYMENT_API_MESSAGES.noPayment,
      );
    const { payment, invoice } = result;
    await recordAudit(
      db(),
      requestActor(req, res),
      {
        action: "payment.delete",
        summary: `Deleted a payment of ${formatCents(payment.amountCents)} (${payment.paidOn}) from ${invoice.number ?? `draft invoice ${invoice.id}`}`,
        target: { type: "invoice", id: invoice.id },
        details: { paymentId: payment.id, amountCents: payment.amountCents, rctCents: payment.rctCents },
      },
      req.log,
    );
    res.json({ payment, invoice: invoiceView(invoice, services.siteUrl) });
  });

  router.get("/api/admin/jobs/:id/retention", async (req, res) => {
    const id = idParam(req.params.id);
    const [job] = id === null ? [] : await db().select().from(jobs).where(eq(jobs.id, id));
    if (!job) return sendApiError(res, 404, "There is no job with this id. It may have been deleted.");
    res.json(await jobRetention(db(), job));
  });

  const NO_CLIENT = "There is no client with this id. It may have been merged into another.";

  router.get("/api/admin/clients/:id/statement", async (req, res) => {
    const id = idParam(req.params.id);
    const statement = id === null ? null : await clientStatement(db(), id);
    if (!statement) return sendApiError(res, 404, NO_CLIENT);
    res.json(statement);
  });

  router.get("/api/admin/clients/:id/statement.pdf", async (req, res) => {
    const id = idParam(req.params.id);
    const statement = id === null ? null : await clientStatement(db(), id);
    if (!statement) return sendApiError(res, 404, NO_CLIENT);
    const asOf = dublinDay(new Date());
    const pdf = await renderPdf(services, {
      kind: "client-statement",
      data: { statement: pdfStatementOf(statement, asOf), business: services.business },
    });
    res
      .set({
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="statement-${statement.client.id}-${asOf}.pdf"`,
        "Cache-Control": "no-store",
      })
      .send(pdf);
  });

  return router;
}
