import express, { type Request, type RequestHandler, type Response, type Router } from "express";
import { spoolBody, spooledBody } from "~/features/uploads/spool.server";
import { apiBodyErrors, readJsonBody, sendApiError } from "~/api/api-errors.server";
import { idParam } from "~/api/id-param";
import type { SessionState } from "~/features/auth/session.server";
import {
  jobFor,
  myJobs,
  myJobsWindow,
  NO_SUCH_JOB_MESSAGE,
  NOT_ON_JOB_MESSAGE,
} from "~/features/jobs/card/job-access.server";
import { loadJobCard } from "~/features/jobs/card/job-card.server";
import {
  CARD_CLOSED_MESSAGE,
  documentName,
  NO_SUCH_PHOTO_MESSAGE,
  NO_SUCH_SNAG_MESSAGE,
  parsePhotoStage,
  photoOnTheSiteMessage,
} from "~/features/jobs/card/job-card-rules";
import {
  addJobDocument,
  addJobPhoto,
  addSnag,
  closeSnag,
  deleteJobPhoto,
  deleteSnag,
  getJobDocument,
  tickChecklistItem,
} from "~/features/jobs/card/job-card-writes.server";
import {
  ChecklistTickSchema,
  DOCUMENT_MESSAGES,
  PHOTO_MESSAGES,
  SnagCloseSchema,
} from "~/features/jobs/card/job-card-schema";
import { HANDOVER_NOT_YET_MESSAGE, handoverPack } from "~/features/jobs/card/handover-pack.server";
import { validate } from "~/forms/field-errors";
import { quoted, recordAudit, requestActor } from "~/features/audit/audit.server";
import type { AuditAction } from "~/features/audit/audit-actions";
import type { JobRow } from "~/db/schema";
import type { AppServices } from "~/services.server";

/**
 * The job card's calls (issue 37), for owners, the office and the crew of the job: every handler
 * first finds the job for the signed-in person (404 no such job, 403 not one of theirs), so a crew
 * member reaches only the jobs a job day lists them on. Errors as every API: { message, fieldErrors? }.
 * Adding leaves who and when on the row itself; deleting a snag or photo removes the row, so who
 * deleted what goes to the audit log.
 */
export function jobCardApi(services: AppServices): Router {
  const router = express.Router();
  const { db } = services.database;
  const json = readJsonBody({ limit: "16kb" });
  const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  const photoTooLarge = `The photo is too large: at most ${mb(services.env.JOB_PHOTO_MAX_BYTES)}.`;
  const documentTooLarge = `The document is too large: at most ${mb(services.env.JOB_DOCUMENT_MAX_BYTES)}.`;

  /** The job in the path for the signed-in person; answers 404/403 itself and returns null then. */
  async function job(req: Request, res: Response): Promise<JobRow | null> {
    const found = await jobFor(db, req.params.id, res.locals.user as SessionState);
    if (found.status === "ok") return found.job;
    if (found.status === "not-found") sendApiError(res, 404, NO_SUCH_JOB_MESSAGE);
    else sendApiError(res, 403, NOT_ON_JOB_MESSAGE);
    return null;
  }
  const userId = (res: Response) => (res.locals.user as SessionState).id;
  /** A deletion from the job's card, on record with who did it (the row that said so is gone), then 204. */
  async function deleted(
    req: Request,
    res: Response,
    job: JobRow,
    action: AuditAction,
    summary: string,
    details: Record<string, unknown>,
  ) {
    await recordAudit(
      db,
      requestActor(req, res),
      { action, summary, target: { type: "job", id: job.id }, details },
      req.log,
    );
    res.status(204).end();
  }
  /** Refuses an announced oversize body before reading any of it. */
  const announcedLimit =
    (max: number, message: string): RequestHandler =>
    (req, res, next) => {
      if (Number(req.get("content-length") ?? 0) > max) return sendApiError(res, 413, message);
      next();
    };

  router.get("/api/admin/my-jobs", async (_req, res) => {
    const { from, until } = myJobsWindow(new Date());
    res.json({ items: await myJobs(db, userId(res), from, until) });
  });

  router.get("/api/admin/jobs/:id/card", async (req, res) => {
    const found = await job(req, res);
    if (found) res.json(await loadJobCard(db, found, services.siteUrl));
  });

  router.put("/api/admin/jobs/:id/checklist/:itemId", json, async (req, res) => {
    const found = await job(req, res);
    if (!found) return;
    const itemId = idParam(req.params.itemId);
    if (itemId === null) return sendApiError(res, 404, "No such checklist item on this job.");
    const checked = validate(ChecklistTickSchema, req.body);
    if (!checked.ok)
      return sendApiError(res, 400, checked.errors.done ?? "Send { done }.", { fieldErrors: checked.errors });
    const result = await tickChecklistItem(db, found.id, itemId, checked.data.done, userId(res));
    if (result.status === "ok") return res.json(result.value);
    if (result.status === "closed") return sendApiError(res, 409, CARD_CLOSED_MESSAGE);
    return sendApiError(res, 404, "No such checklist item on this job.");
  });

  router.post("/api/admin/jobs/:id/snags", json, async (req, res) => {
    const found = await job(req, res);
    if (!found) return;
    const result = await addSnag(db, found.id, req.body, userId(res));
    if (result.status === "ok") return res.status(201).json(result.value);
    if (result.status === "invalid")
      return sendApiError(res, 400, Object.values(result.errors)[0] ?? "Check the snag.", {
        fieldErrors: result.errors,
      });
    return sendApiError(res, 409, CARD_CLOSED_MESSAGE);
  });

  router.put("/api/admin/jobs/:id/snags/:snagId", json, async (req, res) => {
    const found = await job(req, res);
    if (!found) return;
    const snagId = idParam(req.params.snagId);
    if (snagId === null) return sendApiError(res, 404, NO_SUCH_SNAG_MESSAGE);
    const checked = validate(SnagCloseSchema, req.body);
    if (!checked.ok)
      return sendApiError(res, 400, checked.errors.closed ?? "Send { closed }.", { fieldErrors: checked.errors });
    const result = await closeSnag(db, found.id, snagId, checked.data.closed, userId(res));
    if (result.status === "ok") return res.json(result.value);
    if (result.status === "closed") return sendApiError(res, 409, CARD_CLOSED_MESSAGE);
    return sendApiError(res, 404, NO_SUCH_SNAG_MESSAGE);
  });

  router.delete("/api/admin/jobs/:id/snags/:snagId", async (req, res) => {
    const found = await job(req, res);
    if (!found) return;
    const snagId = idParam(req.params.snagId);
    const result = snagId === null ? null : await deleteSnag(db, found.id, snagId);
    if (result?.status === "closed") return sendApiError(res, 409, CARD_CLOSED_MESSAGE);
    if (result?.status !== "ok") return sendApiError(res, 404, NO_SUCH_SNAG_MESSAGE);
    await deleted(
      req,
      res,
      found,
      "job.snag-delete",
      `Deleted the snag ${quoted(result.value.text)} from job ${found.number}`,
      {
        snagId,
      },
    );
  });

  router.post(
    "/api/admin/jobs/:id/photos",
    spoolBody({ ...services.uploadSpool, limit: services.env.JOB_PHOTO_MAX_BYTES, tooLarge: photoTooLarge }),
    async (req, res) => {
      const found = await job(req, res);
      if (!found) return;
      const stage = parsePhotoStage(req.query.stage);
      if (!stage) return sendApiError(res, 400, PHOTO_MESSAGES.stage, { fieldErrors: { stage: PHOTO_MESSAGES.stage } });
      const photo = spooledBody(res);
      const started = Date.now();
      const result = await addJobPhoto(db, found.id, stage, photo, userId(res));
      switch (result.status) {
        case "ok":
          req.log.info(
            { job: found.id, photo: result.value.id, bytes: photo.size, ms: Date.now() - started },
            "site photo stored",
          );
          return res.status(201).json(result.value);
        case "closed":
          return sendApiError(res, 409, CARD_CLOSED_MESSAGE);
        case "not-found":
          return sendApiError(res, 404, NO_SUCH_JOB_MESSAGE);
        case "invalid":
          return sendApiError(res, 400, "Check the photo.");
        case "empty":
          return sendApiError(res, 400, "Take or choose a photo to upload.");
        case "unsupported":
          return sendApiError(res, 415, result.message);
        case "unreadable":
          return sendApiError(res, 422, result.message);
        case "too-many-pixels":
          return sendApiError(res, 413, result.message);
      }
    },
  );
  router.use("/api/admin/jobs/:id/photos", apiBodyErrors({ tooLarge: photoTooLarge }));

  router.delete("/api/admin/jobs/:id/photos/:photoId", async (req, res) => {
    const found = await job(req, res);
    if (!found) return;
    const photoId = idParam(req.params.photoId);
    const result = photoId === null ? null : await deleteJobPhoto(db, found.id, photoId);
    if (result?.status === "closed") return sendApiError(res, 409, CARD_CLOSED_MESSAGE);
    if (result?.status === "on-the-site") return sendApiError(res, 409, photoOnTheSiteMessage(result.uses));
    if (result?.status !== "ok") return sendApiError(res, 404, NO_SUCH_PHOTO_MESSAGE);
    await deleted(
      req,
      res,
      found,
      "job.photo-delete",
      `Deleted a ${result.value.stage} photo from job ${found.number}`,
      {
        photoId,
      },
    );
  });

  router.post(
    "/api/admin/jobs/:id/documents",
    announcedLimit(services.env.JOB_DOCUMENT_MAX_BYTES, documentTooLarge),
    express.raw({ type: () => true, limit: services.env.JOB_DOCUMENT_MAX_BYTES }),
    async (req, res) => {
      const found = await job(req, res);
      if (!found) return;
      const name = documentName(req.query.name);
      if (!name)
        return sendApiError(res, 400, DOCUMENT_MESSAGES.name, { fieldErrors: { name: DOCUMENT_MESSAGES.name } });
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const result = await addJobDocument(db, found.id, name, body, userId(res));
      switch (result.status) {
        case "ok":
          return res.status(201).json({
            id: result.value.id,
            name: result.value.name,
            byteSize: result.value.byteSize,
            url: result.value.url,
          });
        case "empty":
          return sendApiError(res, 400, DOCUMENT_MESSAGES.empty);
        case "not-pdf":
          return sendApiError(res, 415, DOCUMENT_MESSAGES.type);
        case "closed":
          return sendApiError(res, 409, CARD_CLOSED_MESSAGE);
        default:
          return sendApiError(res, 404, NO_SUCH_JOB_MESSAGE);
      }
    },
  );
  router.use("/api/admin/jobs/:id/documents", apiBodyErrors({ tooLarge: documentTooLarge }));

  router.get("/api/admin/jobs/:id/documents/:documentId", async (req, res) => {
    const found = await job(req, res);
    if (!found) return;
    const documentId = idParam(req.params.documentId);
    const doc = documentId === null ? null : await getJobDocument(db, found.id, documentId);
    if (!doc) return sendApiError(res, 404, "No such document on this job.");
    res
      .set({
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${asciiName(doc.name)}"; filename*=UTF-8''${encodeURIComponent(doc.name)}`,
        "X-Content-Type-Options": "nosniff",
      })
      .send(doc.bytes);
  });

  router.get("/api/admin/jobs/:id/handover.pdf", async (req, res) => {
    const found = await job(req, res);
    if (!found) return;
    const pack = await handoverPack(services, found);
    if (!pack) return sendApiError(res, 404, HANDOVER_NOT_YET_MESSAGE);
    const { filename, pdf } = pack;
    res.set({ "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${filename}"` }).send(pdf);
  });

  return router;
}

/** A file name safe inside a quoted header value (the UTF-8 form carries the real one). */
const asciiName = (name: string) => name.replace(/[^\w .()-]+/g, "_");
