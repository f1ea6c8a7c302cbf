import express, { type Router } from "express";
import { changedFields, quoted, recordAudit, requestActor } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { idParam, jsonBodyErrors, readJson, sendNotFound, sendWrite } from "../list/resource-api.server";
import { createProject, deleteProject, getProject, listProjects, updateProject } from "./projects.server";

/** Spec section 7: /api/admin/projects (list with ?category=, create), /api/admin/projects/{id}. */
export function projectsApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  router.get("/api/admin/projects", async (req, res, next) => {
    try {
      const category = typeof req.query.category === "string" && req.query.category ? req.query.category : undefined;
      res.json(await listProjects(db(), category));
    } catch (error) {
      next(error);
    }
  });

  router.post("/api/admin/projects", readJson, async (req, res, next) => {
    try {
      const result = await createProject(db(), req.body);
      if (result.status === "ok") {
        const row = result.row;
        await recordAudit(db(), requestActor(req, res), { action: "project.create", summary: `Created project ${quoted(row.title)}`, target: { type: "project", id: row.id } }, req.log);
      }
      sendWrite(res, result, "project", 201);
    } catch (error) {
      next(error);
    }
  });

  router.get("/api/admin/projects/:id", async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      const row = id ? await getProject(db(), id) : null;
      if (row) res.json(row);
      else sendNotFound(res, "project");
    } catch (error) {
      next(error);
    }
  });

  router.put("/api/admin/projects/:id", readJson, async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      // The row as it was, to name the fields this update changes.
      const before = id ? await getProject(db(), id) : null;
      const result = id ? await updateProject(db(), id, req.body) : ({ status: "not-found" } as const);
      if (result.status === "ok") {
        const row = result.row;
        const details = { changed: changedFields(before, row) };
        await recordAudit(db(), requestActor(req, res), { action: "project.update", summary: `Updated project ${quoted(row.title)}`, target: { type: "project", id: row.id }, details }, req.log);
      }
      sendWrite(res, result, "project", 200);
    } catch (error) {
      next(error);
    }
  });

  router.delete("/api/admin/projects/:id", async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      // Read first: the log names what was deleted.
      const row = id ? await getProject(db(), id) : null;
      if (!row || !(await deleteProject(db(), row.id))) return void sendNotFound(res, "project");
      await recordAudit(db(), requestActor(req, res), { action: "project.delete", summary: `Deleted project ${quoted(row.title)}`, target: { type: "project", id: row.id } }, req.log);
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  });

  router.use(jsonBodyErrors);
  return router;
}
