import type { Router } from "express";
import { quoted } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { contentResourceApi } from "../list/content-api.server";
import { createPage, deletePage, getPage, listPages, updatePage } from "./pages.server";

/** Spec section 7: /api/admin/pages (list, create), /api/admin/pages/{id} (get, update, delete). */
export function pagesApi(services: AppServices): Router {
  return contentResourceApi(services, {
    path: "/api/admin/pages",
    noun: "page",
    auditType: "page",
    describe: (row) => `page ${quoted(row.title)} (/${row.slug})`,
    list: (db) => listPages(db),
    get: getPage,
    create: createPage,
    update: updatePage,
    remove: deletePage,
  });
}
