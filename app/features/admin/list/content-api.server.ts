import express, { type Request, type Router } from "express";
import type { Db } from "~/db/client.server";
import type { AuditAction } from "~/features/audit/audit-actions";
import { changedFields, recordAudit, requestActor, type AuditActor } from "~/features/audit/audit.server";
import { sendApiError } from "~/api/api-errors.server";
import type { AppServices } from "~/services.server";
import type { WriteResult } from "~/forms/write-result";
import { idParam, readJson, sendNotFound, sendWrite } from "./resource-api.server";

/** One content resource of the admin API (pages, projects, testimonials, FAQs, blog posts): its data functions and names. */
export type ContentResource<Row extends { id: number }> = {
  /** e.g. "/api/admin/faqs"; the row routes are `${path}/:id`. */
  path: string;
  /** In error messages: "There is no FAQ with this id." */
  noun: string;
  /** The audit log's target type and action prefix: "faq" gives faq.create, faq.update, faq.delete. */
  auditType: "page" | "project" | "testimonial" | "faq" | "post";
  /** The row as the audit log names it after "Created ", "Updated ", "Deleted ": e.g. FAQ "Do you…?". */
  describe: (row: Row) => string;
  list: (db: Db, req: Request) => Promise<Row[]>;
  get: (db: Db, id: number) => Promise<Row | null>;
  /** `actor`: who is writing (pages keep it with each revision). */
  create: (db: Db, input: unknown, actor: AuditActor) => Promise<WriteResult<Row>>;
  /** An answer may carry more audit entries than the update's own (a page published with the save). */
  update: (
    db: Db,
    id: number,
    input: unknown,
    actor: AuditActor,
  ) => Promise<WriteResult<Row> & { audit?: AuditNote[] }>;
  /** false: no such row; a string: the row may not be deleted (409 with that message). */
  remove: (db: Db, id: number) => Promise<boolean | string>;
};

/** One more audit entry about the row a write touched. */
export type AuditNote = { action: AuditAction; summary: string; details?: Record<string, unknown> };

/**
 * Spec section 7's five routes for a content resource: list and create at `path`, get, update and
 * delete at `path/:id`. Every change is written to the audit log, naming the row (and, for an
 * update, the fields it changed).
 */
export function contentResourceApi<Row extends { id: number }>(
  services: AppServices,
  resource: ContentResource<Row>,
): Router {
  const router = express.Router();
  const db = () => services.database.db;
  const { path, noun, auditType, describe } = resource;

  router.get(path, async (req, res) => {
    res.json(await resource.list(db(), req));
  });

  router.post(path, readJson, async (req, res) => {
    const result = await resource.create(db(), req.body, requestActor(req, res));
    if (result.status === "ok") {
      const row = result.row;
      await recordAudit(
        db(),
        requestActor(req, res),
        {
          action: `${auditType}.create`,
          summary: `Created ${describe(row)}`,
          target: { type: auditType, id: row.id },
        },
        req.log,
      );
    }
    sendWrite(res, result, noun, 201);
  });

  router.get(`${path}/:id`, async (req, res) => {
    const id = idParam(req.params.id);
    const row = id ? await resource.get(db(), id) : null;
    if (row) res.json(row);
    else sendNotFound(res, noun);
  });

  router.put(`${path}/:id`, readJson, async (req, res) => {
    const id = idParam(req.params.id);
    // The row as it was, to name the fields this update changes.
    const before = id ? await resource.get(db(), id) : null;
    const actor = requestActor(req, res);
    const result = id ? await resource.update(db(), id, req.body, actor) : ({ status: "not-found" } as const);
    if (result.status === "ok") {
      const row = result.row;
      const details = { changed: changedFields(before, row) };
      const notes: AuditNote[] = [
        { action: `${auditType}.update`, summary: `Updated ${describe(row)}`, details },
        ...("audit" in result ? (result.audit ?? []) : []),
      ];
      for (const note of notes)
        await recordAudit(db(), actor, { ...note, target: { type: auditType, id: row.id } }, req.log);
    }
    sendWrite(res, result, noun, 200);
  });

  router.delete(`${path}/:id`, async (req, res) => {
    const id = idParam(req.params.id);
    // Read first: the log names what was deleted.
    const row = id ? await resource.get(db(), id) : null;
    const removed = row ? await resource.remove(db(), row.id) : false;
    if (typeof removed === "string") return void sendApiError(res, 409, removed);
    if (!row || !removed) return void sendNotFound(res, noun);
    await recordAudit(
      db(),
      requestActor(req, res),
      { action: `${auditType}.delete`, summary: `Deleted ${describe(row)}`, target: { type: auditType, id: row.id } },
      req.log,
    );
    res.status(204).end();
  });

  return router;
}

/** A non-empty ?category= from the query string (the project and FAQ lists can be filtered by it). */
export function categoryQuery(req: Request): string | undefined {
  return typeof req.query.category === "string" && req.query.category ? req.query.category : undefined;
}
