import express, { type RequestHandler, type Router } from "express";
import { isNull } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { contactSubmissions, faqs, pages, projects, testimonials, users } from "~/db/schema";
import { sendApiError } from "~/api/api-errors.server";
import { requireAdminApi } from "~/features/auth/require-admin.server";
import { contactsAdminApi } from "./contacts/contacts-api.server";
import { faqsApi } from "./faqs/faqs-api.server";
import { pagesApi } from "./pages/pages-api.server";
import { projectsApi } from "./projects/projects-api.server";
import { testimonialsApi } from "./testimonials/testimonials-api.server";
import { usersApi } from "./users/users-api.server";
import { uploadsApi } from "~/features/uploads/uploads-api.server";
import type { AppServices } from "~/services.server";

/**
 * Everything under /api/admin. The session check comes first, for every method and path (unknown
 * ones included), so a signed-out caller learns nothing but 401.
 */
export function adminApi(services: AppServices): Router {
  const router = express.Router();
  router.use("/api/admin", requireAdminApi(services));

  const count =
    (table: PgTable, where?: Parameters<typeof services.database.db.$count>[1]): RequestHandler =>
    async (_req, res, next) => {
      try {
        // The spec's count calls answer a bare number.
        res.json(await services.database.db.$count(table, where));
      } catch (error) {
        next(error);
      }
    };
  router.get("/api/admin/pages/count", count(pages));
  router.get("/api/admin/projects/count", count(projects));
  router.get("/api/admin/testimonials/count", count(testimonials));
  router.get("/api/admin/faqs/count", count(faqs));
  router.get("/api/admin/contacts/count", count(contactSubmissions));
  router.get("/api/admin/contacts/unread-count", count(contactSubmissions, isNull(contactSubmissions.readAt)));
  router.get("/api/admin/users/count", count(users));

  router.use(contactsAdminApi(services));
  // Content resources (after the counts, so /pages/count is not read as /pages/:id).
  router.use(pagesApi(services));
  router.use(projectsApi(services));
  router.use(testimonialsApi(services));
  router.use(faqsApi(services));
  router.use(uploadsApi(services));
  router.use(usersApi(services));

  router.use("/api/admin", (_req, res) => {
    sendApiError(res, 404, "No such admin API call.");
  });
  return router;
}
