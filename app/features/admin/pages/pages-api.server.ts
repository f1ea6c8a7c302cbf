import express, { type Router } from "express";
import { changedFields, quoted, recordAudit, requestActor } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { idParam, jsonBodyErrors, readJson, sendNotFound, sendWrite } from "../list/resource-api.server";
import { createPage, deletePage, getPage, listPages, updatePage } from "./pages.server";

/** Spec section 7: /api/admin/pages (list, create), /api/admin/pages/{id} (get, update, delete). */
export function pagesApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  router.get("/api/admin/pages", async (_req, res, next) => {
    try {
      res.json(await listPages(db()));
    } catch (error) {
      next(error);
    }
  });

  router.post("/api/admin/pages", readJson, async (req, res, next) => {
    try {
      const result = await createPage(db(), req.body);
      if (result.status === "ok") {
        const row = result.row;
        await recordAudit(db(), requestActor(req, res), { action: "page.create", summary: `Created page ${quoted(row.title)} (/${row.slug})`, target: { type: "page", id: row.id } }, req.log);
      }
      sendWrite(res, result, "page", 201);
    } catch (error) {
      next(error);
    }
  });

  router.get("/api/admin/pages/:id", async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      const row = id ? await getPage(db(), id) : null;
      if (row) res.json(row);
      else sendNotFound(res, "page");
    } catch (error) {
      next(error);
    }
  });

  router.put("/api/admin/pages/:id", readJson, async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      // The row as it was, to name the fields this update changes.
      const before = id ? await getPage(db(), id) : null;
      const result = id ? await updatePage(db(), id, req.body) : ({ status: "not-found" } as const);
      if (result.status === "ok") {
        const row = result.row;
        const details = { changed: changedFields(before, row) };
        await recordAudit(db(), requestActor(req, res), { action: "page.update", summary: `Updated page ${quoted(row.title)} (/${row.slug})`, target: { type: "page", id: row.id }, details }, req.log);
      }
      sendWrite(res, result, "page", 200);
    } catch (error) {
      next(error);
    }
  });

  router.delete("/api/admin/pages/:id", async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      // Read first: the log names what was deleted.
      const row = id ? await getPage(db(), id) : null;
      if (!row || !(await deletePage(db(), row.id))) return void sendNotFound(res, "page");
      await recordAudit(db(), requestActor(req, res), { action: "page.delete", summary: `Deleted page ${quoted(row.title)} (/${row.slug})`, target: { type: "page", id: row.id } }, req.log);
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  });

  router.use(jsonBodyErrors);
  return router;
}
