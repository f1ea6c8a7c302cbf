import express, { type Request, type RequestHandler, type Response, type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { recordAudit, requestActor } from "~/features/audit/audit.server";
import { raiseInvoice, KIND_LABELS } from "~/features/invoices/invoice-drafts.server";
import { invoiceUbl } from "~/features/invoices/invoice-e-document.server";
import {
  INVOICE_LIST_STATUSES,
  listInvoices,
  type InvoiceListQuery,
  type InvoiceListStatus,
} from "~/features/invoices/invoice-list.server";
import {
  CreditNoteSchema,
  InvoiceDraftChangeSchema,
  IssueInvoiceSchema,
  NewInvoiceSchema,
  validateInvoiceInput,
  type InvoiceErrors,
} from "~/features/invoices/invoice-schema";
import { invoiceView } from "~/features/invoices/invoice-view";
import {
  creditInvoice,
  deleteDraft,
  getInvoiceRow,
  issueInvoice,
  updateDraft,
} from "~/features/invoices/invoices.server";
import type { AppServices } from "~/services.server";
import { idParam, readJson } from "../list/resource-api.server";

/**
 * Invoices for staff (issue 38), inside the /api/admin router (after its session check):
 * POST /api/admin/jobs/:id/invoices → 201 draft; GET /api/admin/invoices?status=&clientId=&jobId=&q=&page=
 * → { items, total }; GET/PUT/DELETE /api/admin/invoices/:id (PUT and DELETE: drafts only, else
 * 409); POST /api/admin/invoices/:id/issue → the issued invoice; POST
 * /api/admin/invoices/:id/credit-note → 201 credit note; GET /api/admin/invoices/:id/ubl.xml.
 */

const NO_INVOICE = "There is no invoice with this id. It may have been deleted.";
const NO_JOB = "There is no job with this id. It may have been deleted.";

/** Issue's body is optional (a date of supply): a POST without one is read as {}. */
const optionalJson: RequestHandler = (req, res, next) =>
  req.headers["content-type"] ? readJson(req, res, next) : next();

function sendInvalid(res: Response, errors: Partial<InvoiceErrors>) {
  const fields = Object.keys(errors);
  const message =
    fields.length === 1
      ? `Please correct ${fields[0]}: ${errors[fields[0]!]}.`
      : `Please correct these fields: ${fields.join(", ")}.`;
  sendApiError(res, 400, message, { fieldErrors: errors });
}

function listQuery(req: Request): { ok: true; query: InvoiceListQuery } | { ok: false; errors: InvoiceErrors } {
  const errors: InvoiceErrors = {};
  const one = (name: string) => {
    const v = req.query[name];
    return typeof v === "string" && v !== "" ? v : undefined;
  };
  const status = one("status");
  if (status !== undefined && !(INVOICE_LIST_STATUSES as ReadonlyArray<string>).includes(status))
    errors.status = `Unknown status: use one of ${INVOICE_LIST_STATUSES.join(", ")}`;
  const ids: Partial<Record<"clientId" | "jobId", number>> = {};
  for (const name of ["clientId", "jobId"] as const) {
    const v = one(name);
    if (v === undefined) continue;
    if (!/^[1-9]\d{0,9}$/.test(v)) errors[name] = `${name} must be a whole number from 1`;
    else ids[name] = Number(v);
  }
  const page = one("page");
  if (page !== undefined && !/^[1-9]\d{0,5}$/.test(page)) errors.page = "Page must be a whole number from 1";
  const q = one("q");
  if (q !== undefined && q.length > 200) errors.q = "Keep the search under 200 characters";
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    query: { status: status as InvoiceListStatus | undefined, ...ids, q, page: page ? Number(page) : undefined },
  };
}

export function invoicesAdminApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;
  const view = (row: Parameters<typeof invoiceView>[0]) => invoiceView(row, services.siteUrl);
  const audit = (req: Request, res: Response, action: Parameters<typeof recordAudit>[2]) =>
    recordAudit(db(), requestActor(req, res), action, req.log);

  router.post("/api/admin/jobs/:id/invoices", readJson, async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null) return sendApiError(res, 404, NO_JOB);
    const checked = validateInvoiceInput(NewInvoiceSchema, req.body);
    if (!checked.ok) return sendInvalid(res, checked.errors);
    const result = await raiseInvoice(db(), id, checked.data, requestActor(req, res).userId);
    if (result.status === "not-found") return sendApiError(res, 404, NO_JOB);
    if (result.status === "invalid") return sendInvalid(res, result.errors);
    if (result.status === "conflict") return sendApiError(res, 409, result.message);
    await audit(req, res, {
      action: "invoice.create",
      summary: `Drafted a ${KIND_LABELS[result.row.kind]} invoice on job ${id}`,
      target: { type: "invoice", id: result.row.id },
    });
    res.status(201).json(view(result.row));
  });

  router.get("/api/admin/invoices", async (req, res) => {
    const checked = listQuery(req);
    if (!checked.ok) return sendInvalid(res, checked.errors);
    const { items, total } = await listInvoices(db(), services.siteUrl, checked.query);
    res.json({ items, total });
  });

  router.get("/api/admin/invoices/:id", async (req, res) => {
    const id = idParam(req.params.id);
    const row = id === null ? null : await getInvoiceRow(db(), id);
    if (!row) return sendApiError(res, 404, NO_INVOICE);
    res.json(view(row));
  });

  router.get("/api/admin/invoices/:id/ubl.xml", async (req, res) => {
    const id = idParam(req.params.id);
    const row = id === null ? null : await getInvoiceRow(db(), id);
    if (!row) return sendApiError(res, 404, NO_INVOICE);
    const xml = await invoiceUbl(db(), row, services.settings.businessSettings());
    if (xml === null)
      return sendApiError(res, 409, "A draft has no e-invoice yet: issue it first (it gets its number and date then).");
    res
      .status(200)
      .set({
        "content-type": "application/xml; charset=utf-8",
        "content-disposition": `attachment; filename="${row.number}.xml"`,
        "cache-control": "no-store",
      })
      .send(xml);
  });

  router.put("/api/admin/invoices/:id", readJson, async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null) return sendApiError(res, 404, NO_INVOICE);
    const checked = validateInvoiceInput(InvoiceDraftChangeSchema, req.body);
    if (!checked.ok) return sendInvalid(res, checked.errors);
    const result = await updateDraft(db(), id, checked.data);
    if (result.status === "not-found") return sendApiError(res, 404, NO_INVOICE);
    if (result.status === "invalid") return sendInvalid(res, result.errors);
    if (result.status === "conflict") return sendApiError(res, 409, result.message);
    await audit(req, res, {
      action: "invoice.update",
      summary: `Changed draft invoice ${id}`,
      target: { type: "invoice", id },
      details: { fields: Object.keys(checked.data) },
    });
    res.json(view(result.row));
  });

  router.delete("/api/admin/invoices/:id", async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null) return sendApiError(res, 404, NO_INVOICE);
    const result = await deleteDraft(db(), id);
    if (result.status === "not-found") return sendApiError(res, 404, NO_INVOICE);
    if (result.status === "conflict") return sendApiError(res, 409, result.message);
    await audit(req, res, {
      action: "invoice.delete",
      summary: `Deleted draft ${KIND_LABELS[result.row.kind]} invoice ${id}`,
      target: { type: "invoice", id },
    });
    res.status(204).end();
  });

  router.post("/api/admin/invoices/:id/issue", optionalJson, async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null) return sendApiError(res, 404, NO_INVOICE);
    const checked = validateInvoiceInput(IssueInvoiceSchema, req.body ?? {});
    if (!checked.ok) return sendInvalid(res, checked.errors);
    const result = await issueInvoice(services, id, checked.data);
    if (result.status === "not-found") return sendApiError(res, 404, NO_INVOICE);
    if (result.status === "invalid") return sendInvalid(res, result.errors);
    if (result.status === "conflict") return sendApiError(res, 409, result.message);
    await audit(req, res, {
      action: "invoice.issue",
      summary: `Issued invoice ${result.row.number}`,
      target: { type: "invoice", id },
    });
    res.json(view(result.row));
  });

  router.post("/api/admin/invoices/:id/credit-note", readJson, async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null) return sendApiError(res, 404, NO_INVOICE);
    const checked = validateInvoiceInput(CreditNoteSchema, req.body);
    if (!checked.ok) return sendInvalid(res, checked.errors);
    const result = await creditInvoice(services, id, checked.data, requestActor(req, res).userId);
    if (result.status === "not-found") return sendApiError(res, 404, NO_INVOICE);
    if (result.status === "invalid") return sendInvalid(res, result.errors);
    if (result.status === "conflict") return sendApiError(res, 409, result.message);
    await audit(req, res, {
      action: "invoice.credit",
      summary: `Issued credit note ${result.row.number} on ${result.invoice?.number ?? `invoice ${id}`}`,
      target: { type: "invoice", id: result.row.id },
    });
    res.status(201).json(view(result.row));
  });

  return router;
}
