import express, { type RequestHandler, type Router } from "express";
import { isNull } from "drizzle-orm";
import { contactSubmissions } from "~/db/schema";
import { COUNTED_TABLES, countRows, type Counted } from "./admin-counts.server";
import { sendApiError } from "~/api/api-errors.server";
import { requireAdminApi } from "~/features/auth/require-admin.server";
import { leadsAdminApi } from "./leads/leads-api.server";
import { clientsAdminApi } from "./clients/clients-api.server";
import { faqsApi } from "./faqs/faqs-api.server";
import { markdownApi } from "./markdown/markdown-api.server";
import { pagesApi } from "./pages/pages-api.server";
import { quotesAdminApi } from "./quotes/quotes-api.server";
import { postsApi } from "./posts/posts-api.server";
import { redirectsApi } from "~/features/admin/redirects/redirects-api.server";
import { projectsApi } from "./projects/projects-api.server";
import { testimonialsApi } from "./testimonials/testimonials-api.server";
import { settingsApi } from "./settings/settings-api.server";
import { usersApi } from "./users/users-api.server";
import { uploadsApi } from "~/features/admin/uploads/uploads-api.server";
import { pricingApi } from "~/features/admin/pricing/pricing-api.server";
import { auditApi } from "~/features/admin/audit/audit-api.server";
import { availabilityApi } from "./availability/availability-api.server";
import { bookingsAdminApi } from "./bookings/bookings-api.server";
import { jobsAdminApi } from "./jobs/jobs-api.server";
import { invoicesAdminApi } from "./invoices/invoices-api.server";
import { demoContentApi } from "./demo/demo-content-api.server";
import { visitorsApi } from "./visitors/visitors-api.server";
import { jobCardApi } from "./job-card/job-card-api.server";
import { invoiceSendingApi } from "./invoices/sending-api.server";
// Billing: payments, retention and the client's statement (issue 38).
import { paymentsAdminApi } from "./invoices/payments-api.server";
import { billingReportsApi } from "./invoices/billing-reports-api.server";
import { reviewsAdminApi } from "./reviews/reviews-api.server";
import type { AppServices } from "~/services.server";

/**
 * Everything under /api/admin. The session check comes first, for every method and path (unknown
 * ones included), so a signed-out caller learns nothing but 401.
 */
export function adminApi(services: AppServices): Router {
  const router = express.Router();
  router.use("/api/admin", requireAdminApi(services));

  // The spec's count calls answer a bare number; the dashboard reads the same counts (countRows).
  const sendCount =
    (counting: () => Promise<number>): RequestHandler =>
    async (_req, res) => {
      res.json(await counting());
    };
  const { db } = services.database;
  for (const what of Object.keys(COUNTED_TABLES) as Counted[]) {
    router.get(
      `/api/admin/${what}/count`,
      sendCount(() => countRows(db, what)),
    );
  }
  router.get(
    "/api/admin/contacts/unread-count",
    sendCount(() => db.$count(contactSubmissions, isNull(contactSubmissions.readAt))),
  );

  // Before the invoices' own routes, so export.csv is never read as an invoice id.
  router.use(billingReportsApi(services));
  router.use(leadsAdminApi(services));
  router.use(quotesAdminApi(services));
  router.use(clientsAdminApi(services));
  router.use(visitorsApi(services));
  // Content resources (after the counts, so /pages/count is not read as /pages/:id).
  router.use(pagesApi(services));
  router.use(projectsApi(services));
  router.use(testimonialsApi(services));
  router.use(faqsApi(services));
  router.use(postsApi(services));
  router.use(redirectsApi(services));
  router.use(uploadsApi(services));
  router.use(markdownApi(services));
  router.use(usersApi(services));
  router.use(pricingApi(services));
  router.use(settingsApi(services));
  router.use(auditApi(services));
  router.use(availabilityApi(services));
  router.use(bookingsAdminApi(services));
  router.use(jobsAdminApi(services));
  router.use(invoicesAdminApi(services));
  router.use(demoContentApi(services));
  router.use(jobCardApi(services));
  // Invoices (issue 38): the PDF and sending to the client.
  router.use(invoiceSendingApi(services));
  // Billing: payments, retention and the client's statement (issue 38).
  router.use(paymentsAdminApi(services));
  router.use(reviewsAdminApi(services));

  router.use("/api/admin", (_req, res) => {
    sendApiError(res, 404, "No such admin API call.");
  });
  return router;
}
