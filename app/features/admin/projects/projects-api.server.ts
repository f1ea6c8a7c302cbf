import express, { type Router } from "express";
import { quoted, recordAudit, requestActor } from "~/features/audit/audit.server";
import { sendApiError } from "~/api/api-errors.server";
import { PROJECT_MESSAGES } from "~/features/gallery/projects-schema";
import type { AppServices } from "~/services.server";
import { addProjectWebFormats } from "~/features/uploads/uploads.server";
import { categoryQuery, contentResourceApi } from "../list/content-api.server";
import { idParam, readJson, sendNotFound, sendWrite } from "../list/resource-api.server";
import { createProjectFromJob, PROJECT_FROM_JOB_MESSAGES } from "./project-from-job.server";
import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  publishProject,
  updateProject,
} from "./projects.server";

/**
 * Spec section 7: /api/admin/projects (list with ?category=, create), /api/admin/projects/{id};
 * issue 39: POST /api/admin/projects/{id}/publish → 200 with the project, 409 while the client's
 * consent is not recorded; POST /api/admin/jobs/{id}/project → 201 with a draft made from a
 * completed job (409 while the job is not complete or once it has a project, 400 naming `photos.N.id`
 * for another job's photo); its photos then get their AVIF and WebP in the background.
 */
export function projectsApi(services: AppServices): Router {
  const router = express.Router();
  router.post("/api/admin/projects/:id/publish", async (req, res) => {
    const id = idParam(req.params.id);
    const result = id ? await publishProject(services.database.db, id) : ({ status: "not-found" } as const);
    if (result.status === "not-found") return void sendNotFound(res, "project");
    if (result.status === "no-consent") return void sendApiError(res, 409, PROJECT_MESSAGES.consent);
    await recordAudit(
      services.database.db,
      requestActor(req, res),
      {
        action: "project.publish",
        summary: `Published project ${quoted(result.row.title)}`,
        target: { type: "project", id: result.row.id },
      },
      req.log,
    );
    res.status(200).json(result.row);
  });
  router.post("/api/admin/jobs/:id/project", readJson, async (req, res) => {
    const id = idParam(req.params.id);
    const actor = requestActor(req, res);
    const result = id
      ? await createProjectFromJob(services.database.db, id, req.body, actor)
      : ({ status: "not-found" } as const);
    if (result.status === "not-found") return void sendApiError(res, 404, PROJECT_FROM_JOB_MESSAGES.noJob);
    if (result.status === "not-complete") return void sendApiError(res, 409, PROJECT_FROM_JOB_MESSAGES.notComplete);
    if (result.status === "already-made") return void sendApiError(res, 409, PROJECT_FROM_JOB_MESSAGES.alreadyMade);
    if (result.status === "ok") {
      await recordAudit(
        services.database.db,
        actor,
        {
          action: "project.create",
          summary: `Created project ${quoted(result.row.title)} from job ${id}`,
          target: { type: "project", id: result.row.id },
        },
        req.log,
      );
      // The job's photos were stored as JPEG for the crew: their AVIF and WebP are made now, in the
      // background (the JPEG stands in meanwhile).
      void addProjectWebFormats(services.database.db, {
        onError: (upload, error) => req.log.warn({ err: error, upload }, "could not add a project photo's web formats"),
      }).catch((error: unknown) => req.log.error({ err: error }, "adding project photos' web formats failed"));
    }
    sendWrite(res, result, "project", 201);
  });
  router.use(
    contentResourceApi(services, {
      path: "/api/admin/projects",
      noun: "project",
      auditType: "project",
      describe: (row) => `project ${quoted(row.title)}`,
      list: (db, req) => listProjects(db, categoryQuery(req)),
      get: getProject,
      create: createProject,
      update: updateProject,
      remove: deleteProject,
    }),
  );
  return router;
}
