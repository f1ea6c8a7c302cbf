import express, { type Response, type Router } from "express";
import { eq } from "drizzle-orm";
import { readJsonBody, sendApiError } from "~/api/api-errors.server";
import { idParam } from "~/api/id-param";
import { quotes } from "~/db/schema";
import { recordAudit, requestActor } from "~/features/audit/audit.server";
import { quotePdf } from "~/features/quotes/quote-documents.server";
import type { QuoteErrors } from "~/features/quotes/quote-schema";
import { STATUS_LABELS } from "~/features/quotes/quote-types";
import { createQuote, getQuote, sendQuote, updateQuote, type QuoteResult } from "~/features/quotes/quotes.server";
import { listQuotes, QUOTE_LIST_FILTERS, type QuoteListFilter } from "~/features/quotes/quote-list.server";
import type { AppServices } from "~/services.server";

// Quotes for staff (issue 28). Mounted inside the /api/admin router, after its session check.

/** A change to a quote the client already has is refused until staff choose to send it to them. */
const QUOTE_RESEND_REQUIRED = (number?: string) =>
  `${number ? `Quote ${number}` : "This quote"} has been sent to the client, so a change must be sent to them too: save it with “Save and send update” (resend: true). Nothing was changed.`;

/** 400 naming the field(s): "lines.2.vatRate: VAT rate must be 13.5, 23 or 0". */
function sendInvalid(res: Response, errors: QuoteErrors) {
  const fields = Object.keys(errors);
  const message =
    fields.length === 1
      ? `Please correct ${fields[0]}: ${errors[fields[0]!]}.`
      : `Please correct these fields: ${fields.join(", ")}.`;
  sendApiError(res, 400, message, { fieldErrors: errors });
}

/** The answer for a result that is not "ok"; false when it is "ok" (the caller answers). */
function sendProblem(
  res: Response,
  result: QuoteResult,
  number?: string,
): result is Exclude<QuoteResult, { status: "ok" }> {
  switch (result.status) {
    case "ok":
      return false;
    case "not-found":
      sendApiError(res, 404, "No such quote.");
      return true;
    case "invalid":
      sendInvalid(res, result.errors);
      return true;
    case "locked":
      sendApiError(
        res,
        409,
        `${number ? `Quote ${number}` : "This quote"} was ${STATUS_LABELS[result.quoteStatus].toLowerCase()} by the client and can no longer be changed. Make a new quote on the enquiry instead.`,
        { status: result.quoteStatus },
      );
      return true;
    case "resend-required":
      sendApiError(res, 409, QUOTE_RESEND_REQUIRED(number), { revision: result.revision });
      return true;
    case "conflict":
      sendApiError(res, 409, result.message);
      return true;
  }
}

export function quotesAdminApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;
  const siteUrl = services.siteUrl;
  const numberOf = async (id: number) =>
    (await db().select({ number: quotes.number }).from(quotes).where(eq(quotes.id, id)))[0]?.number;

  // The body is optional: without one, the quote starts from the lead alone (also used by send).
  const optionalJson = readJsonBody({ limit: "256kb" });
  router.post(
    "/api/admin/contacts/:id/quotes",
    (req, res, next) =>
      !req.headers["transfer-encoding"] && (req.headers["content-length"] ?? "0") === "0"
        ? next()
        : optionalJson(req, res, next),
    async (req, res) => {
      const leadId = idParam(req.params.id);
      if (leadId === null) return sendApiError(res, 404, "No such enquiry.");
      const actor = requestActor(req, res);
      const result = await createQuote(services, leadId, req.body, actor);
      if (result.status === "not-found") return sendApiError(res, 404, "No such enquiry.");
      if (sendProblem(res, result)) return;
      const quote = result.quote;
      await recordAudit(
        db(),
        actor,
        {
          action: "quote.create",
          summary: `Created quote ${quote.number} on enquiry #${leadId}`,
          target: { type: "quote", id: quote.id },
          details: { lines: quote.lines.length },
        },
        req.log,
      );
      res.status(201).json(quote);
    },
  );

  // ?status=all|open|expired|draft|sent|viewed|accepted|declined (default all); ?leadId= one enquiry's.
  router.get("/api/admin/quotes", async (req, res) => {
    const status = typeof req.query.status === "string" && req.query.status ? req.query.status : "all";
    if (!(QUOTE_LIST_FILTERS as ReadonlyArray<string>).includes(status))
      return sendApiError(res, 400, `Unknown status: use one of ${QUOTE_LIST_FILTERS.join(", ")}.`, {
        fieldErrors: { status: "Unknown status" },
      });
    const leadId = req.query.leadId === undefined ? undefined : idParam(req.query.leadId);
    if (leadId === null) return sendApiError(res, 400, "leadId must be an enquiry number.");
    res.json(await listQuotes(db(), siteUrl, status as QuoteListFilter, { leadId }));
  });

  router.get("/api/admin/quotes/:id", async (req, res) => {
    const id = idParam(req.params.id);
    const quote = id === null ? null : await getQuote(db(), siteUrl, id);
    if (!quote) return sendApiError(res, 404, "No such quote.");
    res.json(quote);
  });

  router.put("/api/admin/quotes/:id", readJsonBody({ limit: "256kb" }), async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null) return sendApiError(res, 404, "No such quote.");
    const actor = requestActor(req, res);
    const result = await updateQuote(services, id, req.body, actor);
    if (sendProblem(res, result, await numberOf(id))) return;
    const quote = result.quote;
    const resent = quote.sentAt !== null && quote.status !== "draft";
    if (resent) services.outbox.kick();
    await recordAudit(
      db(),
      actor,
      {
        action: "quote.update",
        summary: resent
          ? `Changed quote ${quote.number} and sent revision ${quote.revision} to the client`
          : `Changed quote ${quote.number}`,
        target: { type: "quote", id },
        details: { lines: quote.lines.length },
      },
      req.log,
    );
    res.json(quote);
  });

  // The body is optional ({ message }: a covering note); without one the e-mail goes as written.
  router.post(
    "/api/admin/quotes/:id/send",
    (req, res, next) =>
      !req.headers["transfer-encoding"] && (req.headers["content-length"] ?? "0") === "0"
        ? next()
        : optionalJson(req, res, next),
    async (req, res) => {
      const id = idParam(req.params.id);
      if (id === null) return sendApiError(res, 404, "No such quote.");
      const actor = requestActor(req, res);
      const result = await sendQuote(services, id, req.body, actor);
      if (sendProblem(res, result, await numberOf(id))) return;
      const quote = result.quote;
      services.outbox.kick();
      await recordAudit(
        db(),
        actor,
        {
          action: "quote.send",
          summary: `Sent quote ${quote.number} (enquiry #${quote.leadId})`,
          target: { type: "quote", id },
        },
        req.log,
      );
      res.json(quote);
    },
  );

  router.get("/api/admin/quotes/:id/pdf", async (req, res) => {
    const id = idParam(req.params.id);
    const [row] = id === null ? [] : await db().select().from(quotes).where(eq(quotes.id, id));
    if (!row) return sendApiError(res, 404, "No such quote.");
    const { filename, pdf } = await quotePdf(services, db(), services.business, row);
    res.set({ "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${filename}"` }).send(pdf);
  });

  return router;
}
