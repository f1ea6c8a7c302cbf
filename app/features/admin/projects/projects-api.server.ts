import express, { type Router } from "express";
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
      sendWrite(res, await createProject(db(), req.body), "project", 201);
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
      sendWrite(res, id ? await updateProject(db(), id, req.body) : { status: "not-found" }, "project", 200);
    } catch (error) {
      next(error);
    }
  });

  router.delete("/api/admin/projects/:id", async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      if (id && (await deleteProject(db(), id))) res.status(204).end();
      else sendNotFound(res, "project");
    } catch (error) {
      next(error);
    }
  });

  router.use(jsonBodyErrors);
  return router;
}
