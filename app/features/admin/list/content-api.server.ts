import express, { type Request, type Router } from "express";
import type { Db } from "~/db/client.server";
import { changedFields, recordAudit, requestActor } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { idParam, readJson, sendNotFound, sendWrite, type WriteResult } from "./resource-api.server";

/** One content resource of the admin API (pages, projects, testimonials, FAQs): its data functions and names. */
export type ContentResource<Row extends { id: number }> = {
  /** e.g. "/api/admin/faqs"; the row routes are `${path}/:id`. */
  path: string;
  /** In error messages: "There is no FAQ with this id." */
  noun: string;
  /** The audit log's target type and action prefix: "faq" gives faq.create, faq.update, faq.delete. */
  auditType: "page" | "project" | "testimonial" | "faq";
  /** The row as the audit log names it after "Created ", "Updated ", "Deleted ": e.g. FAQ "Do you…?". */
  describe: (row: Row) => string;
  list: (db: Db, req: Request) => Promise<Row[]>;
  get: (db: Db, id: number) => Promise<Row | null>;
  create: (db: Db, input: unknown) => Promise<WriteResult<Row>>;
  update: (db: Db, id: number, input: unknown) => Promise<WriteResult<Row>>;
  remove: (db: Db, id: number) => Promise<boolean>;
};

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

  router.get(path, async (req, res, next) => {
    try {
      res.json(await resource.list(db(), req));
    } catch (error) {
      next(error);
    }
  });

  router.post(path, readJson, async (req, res, next) => {
    try {
      const result = await resource.create(db(), req.body);
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
    } catch (error) {
      next(error);
    }
  });

  router.get(`${path}/:id`, async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      const row = id ? await resource.get(db(), id) : null;
      if (row) res.json(row);
      else sendNotFound(res, noun);
    } catch (error) {
      next(error);
    }
  });

  router.put(`${path}/:id`, readJson, async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      // The row as it was, to name the fields this update changes.
      const before = id ? await resource.get(db(), id) : null;
      const result = id ? await resource.update(db(), id, req.body) : ({ status: "not-found" } as const);
      if (result.status === "ok") {
        const row = result.row;
        const details = { changed: changedFields(before, row) };
        await recordAudit(
          db(),
          requestActor(req, res),
          {
            action: `${auditType}.update`,
            summary: `Updated ${describe(row)}`,
            target: { type: auditType, id: row.id },
            details,
          },
          req.log,
        );
      }
      sendWrite(res, result, noun, 200);
    } catch (error) {
      next(error);
    }
  });

  router.delete(`${path}/:id`, async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      // Read first: the log names what was deleted.
      const row = id ? await resource.get(db(), id) : null;
      if (!row || !(await resource.remove(db(), row.id))) return void sendNotFound(res, noun);
      await recordAudit(
        db(),
        requestActor(req, res),
        { action: `${auditType}.delete`, summary: `Deleted ${describe(row)}`, target: { type: auditType, id: row.id } },
        req.log,
      );
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  });

  return router;
}

/** A non-empty ?category= from the query string (the project and FAQ lists can be filtered by it). */
export function categoryQuery(req: Request): string | undefined {
  return typeof req.query.category === "string" && req.query.category ? req.query.category : undefined;
}
