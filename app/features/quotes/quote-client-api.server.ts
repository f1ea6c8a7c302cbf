import express, { type Request, type Response, type Router } from "express";
import { readJsonBody, sendApiError } from "~/api/api-errors.server";
import type { AppServices } from "~/services.server";
import { formatDay } from "./quote-dates";
import { updatedQuoteMessage } from "./quote-revision";
import { quotePdf } from "./quote-documents.server";
import { acceptQuote, declineQuote, type AnswerResult } from "./quote-answers.server";
import { findQuoteByToken } from "./quotes.server";

// The client's answers to a quote as JSON, for scripts, and its PDF, under /q/:token. The page's
// own forms post to its route's action (quote-page.tsx), which takes the same answers with the same
// schema and words; here each outcome has the status code the issue names (400, 404, 409, 410).

export const PRIVATE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

/** The JSON answer to the client's answer. */
function answer(res: Response, services: AppServices, result: AnswerResult) {
  res.set(PRIVATE_HEADERS);
  switch (result.status) {
    case "ok":
      return res.json({
        number: result.row.number,
        revision: result.row.revision,
        status: result.row.status,
        totals: result.row.totals,
        acceptedAt: result.row.acceptedAt,
        declinedAt: result.row.declinedAt,
      });
    case "not-found":
      return sendApiError(res, 404, "No such quote.");
    case "invalid":
      return sendApiError(res, 400, Object.values(result.errors)[0] ?? "Please check your answer.", {
        fieldErrors: result.errors,
      });
    case "already":
      return sendApiError(res, 409, `This quote has already been ${result.answer}.`);
    case "updated":
      return sendApiError(res, 409, updatedQuoteMessage(result.revision), { revision: result.revision });
    case "expired":
      return sendApiError(
        res,
        410,
        `This quote expired on ${formatDay(result.validUntil)}. Please call us on ${services.business.phone} and we will send you an up-to-date quote.`,
      );
  }
}

function sendNotFound(res: Response) {
  res.status(404).set(PRIVATE_HEADERS).type("text/plain").send("Not found");
}

const NOT_JSON = "Send the answer as JSON with Content-Type: application/json (the page's forms post to /q/<token>).";

export function quoteClientApi(services: AppServices): Router {
  const router = express.Router();
  // A drawn signature is a PNG data URL of up to 200 KB.
  const json = readJsonBody({ limit: "300kb", notJson: NOT_JSON });
  const meta = (req: Request) => ({ ip: req.ip ?? null, userAgent: req.get("user-agent") ?? null });
  const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

  router.post("/q/:token/accept", json, async (req, res) => {
    const result = await acceptQuote(services, String(req.params.token), body(req), meta(req));
    if (result.status === "ok") services.outbox.kick();
    answer(res, services, result);
  });

  router.post("/q/:token/decline", json, async (req, res) => {
    const { reason, revision } = body(req);
    const result = await declineQuote(services, String(req.params.token), reason === "" ? undefined : reason, revision);
    if (result.status === "ok") services.outbox.kick();
    answer(res, services, result);
  });

  router.get("/q/:token/pdf", async (req, res) => {
    const found = await findQuoteByToken(services.database.db, String(req.params.token));
    if (!found) return sendNotFound(res);
    const { filename, pdf } = await quotePdf(services, services.database.db, services.business, found.row);
    res
      .set({
        ...PRIVATE_HEADERS,
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${filename}"`,
      })
      .send(pdf);
  });

  return router;
}
