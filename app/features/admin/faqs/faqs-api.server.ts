import type { Router } from "express";
import { quoted } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { categoryQuery, contentResourceApi } from "../list/content-api.server";
import { createFaq, deleteFaq, getFaq, listFaqs, updateFaq } from "./faqs.server";

/** Spec section 7: /api/admin/faqs (list with ?category=, create), /api/admin/faqs/{id}. */
export function faqsApi(services: AppServices): Router {
  return contentResourceApi(services, {
    path: "/api/admin/faqs",
    noun: "FAQ",
    auditType: "faq",
    describe: (row) => `FAQ ${quoted(row.question)}`,
    list: (db, req) => listFaqs(db, categoryQuery(req)),
    get: getFaq,
    create: createFaq,
    update: updateFaq,
    remove: deleteFaq,
  });
}
