import type { Router } from "express";
import { quoted } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { contentResourceApi } from "../list/content-api.server";
import {
  createTestimonial,
  deleteTestimonial,
  getTestimonial,
  listTestimonials,
  updateTestimonial,
} from "./testimonials.server";

/** Spec section 7: /api/admin/testimonials (list, create), /api/admin/testimonials/{id}. */
export function testimonialsApi(services: AppServices): Router {
  return contentResourceApi(services, {
    path: "/api/admin/testimonials",
    noun: "testimonial",
    auditType: "testimonial",
    describe: (row) => `testimonial from ${quoted(row.name)}`,
    list: (db) => listTestimonials(db),
    get: getTestimonial,
    create: createTestimonial,
    update: updateTestimonial,
    remove: deleteTestimonial,
  });
}
