import type { Router } from "express";
import { quoted } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { categoryQuery, contentResourceApi } from "../list/content-api.server";
import { createProject, deleteProject, getProject, listProjects, updateProject } from "./projects.server";

/** Spec section 7: /api/admin/projects (list with ?category=, create), /api/admin/projects/{id}. */
export function projectsApi(services: AppServices): Router {
  return contentResourceApi(services, {
    path: "/api/admin/projects",
    noun: "project",
    auditType: "project",
    describe: (row) => `project ${quoted(row.title)}`,
    list: (db, req) => listProjects(db, categoryQuery(req)),
    get: getProject,
    create: createProject,
    update: updateProject,
    remove: deleteProject,
  });
}
