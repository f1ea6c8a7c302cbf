import express, { type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { quoted, recordAudit, requestActor } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { contentResourceApi } from "../list/content-api.server";
import { idParam, sendNotFound, sendWrite } from "../list/resource-api.server";
import {
  BUILT_IN_MESSAGES,
  createPage,
  deletePage,
  getPage,
  listPages,
  listRevisions,
  publishPage,
  restoreRevision,
  updatePage,
  type AdminPage,
  type SlugChangeHook,
} from "./pages.server";

const describe = (row: Pick<AdminPage, "title" | "slug">) => `page ${quoted(row.title)} (/${row.slug})`;

/**
 * What happens when a staff page moves to another slug, inside the update's transaction. The place
 * to plug in work that follows a page's address (e.g. a redirect from the old path).
 */
const onSlugChange: SlugChangeHook | undefined = undefined;

/**
 * Spec section 7: /api/admin/pages (list, create), /api/admin/pages/{id} (get, update, delete),
 * and drafts: a PUT saves a draft revision (`"publish": true` publishes it too),
 * POST /{id}/publish publishes the draft, GET /{id}/revisions lists the history newest first and
 * POST /{id}/revisions/{revisionId}/restore makes a revision the draft. Built-in pages: DELETE 409.
 */
export function pagesApi(services: AppServices): Router {
  const db = () => services.database.db;
  const router = express.Router();

  router.post("/api/admin/pages/:id/publish", async (req, res) => {
    const id = idParam(req.params.id);
    const actor = requestActor(req, res);
    const result = id ? await publishPage(db(), id, actor) : ({ status: "not-found" } as const);
    if (result.status === "ok" && result.published)
      await recordAudit(
        db(),
        actor,
        {
          action: "page.publish",
          summary: `Published ${describe(result.row)}`,
          target: { type: "page", id: result.row.id },
        },
        req.log,
      );
    sendWrite(res, result, "page", 200);
  });

  router.get("/api/admin/pages/:id/revisions", async (req, res) => {
    const id = idParam(req.params.id);
    const revisions = id ? await listRevisions(db(), id) : null;
    if (revisions) res.json(revisions);
    else sendNotFound(res, "page");
  });

  router.post("/api/admin/pages/:id/revisions/:revisionId/restore", async (req, res) => {
    const id = idParam(req.params.id);
    const revisionId = idParam(req.params.revisionId);
    const actor = requestActor(req, res);
    const result =
      id && revisionId ? await restoreRevision(db(), id, revisionId, actor) : ({ status: "not-found" } as const);
    if (result.status === "no-revision")
      return void sendApiError(res, 404, "There is no revision with this id for this page.");
    if (result.status === "ok")
      await recordAudit(
        db(),
        actor,
        {
          action: "page.restore",
          summary: `Restored revision ${revisionId} of ${describe(result.row)} as its draft`,
          target: { type: "page", id: result.row.id },
          details: { revision: revisionId },
        },
        req.log,
      );
    sendWrite(res, result, "page", 200);
  });

  router.use(
    contentResourceApi(services, {
      path: "/api/admin/pages",
      noun: "page",
      auditType: "page",
      describe,
      list: (db) => listPages(db),
      get: getPage,
      create: (db, input, actor) => createPage(db, input, actor),
      update: async (db, id, input, actor) => {
        const result = await updatePage(db, id, input, { actor, onSlugChange });
        return result.status === "ok" && result.published
          ? { ...result, audit: [{ action: "page.publish" as const, summary: `Published ${describe(result.row)}` }] }
          : result;
      },
      remove: async (db, id) => {
        const removed = await deletePage(db, id);
        return removed === "built-in" ? BUILT_IN_MESSAGES.delete : removed === "deleted";
      },
    }),
  );
  return router;
}
