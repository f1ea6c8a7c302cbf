import express, { type Request, type Response, type Router } from "express";
import { apiBodyErrors, sendApiError } from "~/api/api-errors.server";
import { PRIVATE_HEADERS } from "~/features/quotes/quote-client-api.server";
import type { AppServices } from "~/services.server";
import { SIGN_OFF_MESSAGES_409 } from "./job-card-rules";
import { handoverPack } from "./handover-pack.server";
import { findJobByToken, signOffJob, type SignOffResult } from "./job-sign-off.server";

// The client's sign-off as JSON (POST /j/:token/sign-off) and the handover pack's download
// (/j/:token/handover.pdf, once signed off). The page's own form posts to its route action
// (job-client-page.tsx), which calls the same signOffJob.

function sendNotFound(res: Response) {
  res.status(404).set(PRIVATE_HEADERS).type("text/plain").send("Not found");
}

/** The JSON answer for a sign-off, with the status codes the issue names (400, 404, 409). */
export function sendSignOffAnswer(res: Response, result: SignOffResult) {
  res.set(PRIVATE_HEADERS);
  switch (result.status) {
    case "ok":
      return res.json({
        number: result.job.number,
        status: result.job.status,
        completedAt: result.job.completedAt,
        signOff: { name: result.name, at: result.at },
      });
    case "not-found":
      return sendApiError(res, 404, "No such job.");
    case "invalid":
      return sendApiError(res, 400, Object.values(result.errors)[0] ?? "Please check your sign-off.", {
        fieldErrors: result.errors,
      });
    case "signed":
    case "not-ready":
      return sendApiError(res, 409, SIGN_OFF_MESSAGES_409[result.status]);
  }
}

export function jobClientApi(services: AppServices): Router {
  const router = express.Router();
  // A drawn signature is a PNG data URL of up to 200 KB.
  const json = express.json({ limit: "300kb" });
  const meta = (req: Request) => ({ ip: req.ip ?? null, userAgent: req.get("user-agent") ?? null });

  router.post("/j/:token/sign-off", json, async (req, res) => {
    if (!req.is("application/json")) return sendApiError(res, 415, "Send JSON with Content-Type: application/json.");
    const body = (req.body ?? {}) as Record<string, unknown>;
    const result = await signOffJob(services, req.params.token, body, meta(req));
    if (result.status === "ok") services.outbox.kick();
    sendSignOffAnswer(res, result);
  });

  router.use(
    "/j/:token/sign-off",
    apiBodyErrors({ tooLarge: "The sign-off is too large (the signature image: 200 KB at most)." }),
  );

  router.get("/j/:token/handover.pdf", async (req, res) => {
    const job = await findJobByToken(services.database.db, req.params.token);
    const pack = job ? await handoverPack(services, job) : null;
    if (!pack) return sendNotFound(res);
    res
      .set({
        ...PRIVATE_HEADERS,
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${pack.filename}"`,
      })
      .send(pack.pdf);
  });

  return router;
}
