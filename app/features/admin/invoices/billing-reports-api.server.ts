import express, { type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { dublinDay } from "~/features/time/dublin-time";
import { parseReportRange } from "~/features/analytics/report-range";
import { vatSummary } from "~/features/invoices/vat-summary.server";
import type { AppServices } from "~/services.server";
import { exportInvoicesCsv, invoiceExportFileName } from "./invoice-export.server";

/**
 * For the accountant (issue 38 item 7), inside /api/admin after its session check:
 * GET /api/admin/invoices/export.csv?from=&to= → the invoices and credit notes issued in the window
 * as CSV; GET /api/admin/vat-summary?from=&to= → VatSummary. The window is the reports' own
 * (YYYY-MM-DD, at most 367 days; none given: the last 30 days); a bad one is a 400 saying why.
 */
export function billingReportsApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;
  const windowOf = (query: Record<string, unknown>) => parseReportRange(query.from, query.to, dublinDay(new Date()));

  router.get("/api/admin/invoices/export.csv", async (req, res) => {
    const range = windowOf(req.query);
    if (!range.ok) return sendApiError(res, 400, range.message);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${invoiceExportFileName(range.from, range.to)}"`);
    res.setHeader("Cache-Control", "no-store");
    res.write("\uFEFF"); // BOM: Excel then reads the file as UTF-8 (fadas, euro signs)
    for await (const chunk of exportInvoicesCsv(db(), range.from, range.to)) res.write(chunk);
    res.end();
  });

  router.get("/api/admin/vat-summary", async (req, res) => {
    const range = windowOf(req.query);
    if (!range.ok) return sendApiError(res, 400, range.message);
    res.set("Cache-Control", "no-store").json(await vatSummary(db(), range.from, range.to));
  });

  return router;
}
