import express, { type Router } from "express";
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
      sendWrite(res, await createPage(db(), req.body), "page", 201);
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
      sendWrite(res, id ? await updatePage(db(), id, req.body) : { status: "not-found" }, "page", 200);
    } catch (error) {
      next(error);
    }
  });

  router.delete("/api/admin/pages/:id", async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      if (id && (await deletePage(db(), id))) res.status(204).end();
      else sendNotFound(res, "page");
    } catch (error) {
      next(error);
    }
  });

  router.use(jsonBodyErrors);
  return router;
}
