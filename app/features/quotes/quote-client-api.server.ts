import express, { type Request, type Response, type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import type { AppServices } from "~/services.server";
import { formatDay } from "./quote-dates";
import { updatedQuoteMessage } from "./quote-revision";
import { quotePdf } from "./quote-documents.server";
import { acceptQuote, declineQuote, type AnswerResult } from "./quote-answers.server";
import { findQuoteByToken } from "./quotes.server";

// The client's answers to a quote and its PDF, under /q/:token. The page's forms post here
// without JavaScript (answered with a redirect back to the page, which shows the outcome); a JSON
// request gets JSON with the status codes the issue names (400, 404, 409, 410).

export const PRIVATE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

/** Form fields arrive as strings (or lists of them): the same shape as the JSON body. */
function fromForm(body: Record<string, unknown>) {
  const list = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? (v as unknown[]) : [v]);
  const agree = body.agree;
  return {
    name: body.name,
    selected: list(body.selected),
    agree: agree === true || agree === "on" || agree === "true" || agree === "yes",
    signature: body.signature === "" ? undefined : body.signature,
    revision: body.revision,
  };
}

const isJson = (req: Request) => Boolean(req.is("application/json"));

function answer(req: Request, res: Response, services: AppServices, token: string, result: AnswerResult) {
  res.set(PRIVATE_HEADERS);
  const page = `/q/${token}`;
  const phone = services.business.phone;
  if (!isJson(req)) {
    // Without JavaScript: back to the page, which shows the answer, the expiry or what to correct.
    if (result.status === "not-found") return sendNotFound(res);
    // The quote changed under them: the page shows the new version and says so.
    if (result.status === "updated") return res.redirect(303, `${page}?updated=${result.revision}#answer`);
    if (result.status === "invalid") {
      const query = new URLSearchParams();
      for (const field of Object.keys(result.errors)) query.append("problem", field);
      for (const id of fromForm(req.body as Record<string, unknown>).selected)
        if (typeof id === "string") query.append("selected", id);
      return res.redirect(303, `${page}?${query.toString()}#answer`);
    }
    return res.redirect(303, `${page}#answer`);
  }
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
        `This quote expired on ${formatDay(result.validUntil)}. Please call us on ${phone} and we will send you an up-to-date quote.`,
      );
  }
}

function sendNotFound(res: Response) {
  res.status(404).set(PRIVATE_HEADERS).type("text/plain").send("Not found");
}

export function quoteClientApi(services: AppServices): Router {
  const router = express.Router();
  // A drawn signature is a PNG data URL of up to 200 KB (a little more once form-encoded).
  const json = express.json({ limit: "300kb" });
  const form = express.urlencoded({ limit: "300kb", extended: false, parameterLimit: 500 });
  const meta = (req: Request) => ({ ip: req.ip ?? null, userAgent: req.get("user-agent") ?? null });

  router.post("/q/:token/accept", json, form, async (req, res) => {
    const token = req.params.token;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const input = isJson(req) ? body : fromForm(body);
    const result = await acceptQuote(services, token, input, meta(req));
    if (result.status === "ok") services.outbox.kick();
    answer(req, res, services, token, result);
  });

  router.post("/q/:token/decline", json, form, async (req, res) => {
    const token = req.params.token;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const result = await declineQuote(services, token, body.reason === "" ? undefined : body.reason, body.revision);
    if (result.status === "ok") services.outbox.kick();
    answer(req, res, services, token, result);
  });

  router.get("/q/:token/pdf", async (req, res) => {
    const found = await findQuoteByToken(services.database.db, req.params.token);
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
