import express, { type Router } from "express";
import { changedFields, quoted, recordAudit, requestActor } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { idParam, jsonBodyErrors, readJson, sendNotFound, sendWrite } from "../list/resource-api.server";
import { createTestimonial, deleteTestimonial, getTestimonial, listTestimonials, updateTestimonial } from "./testimonials.server";

/** Spec section 7: /api/admin/testimonials (list, create), /api/admin/testimonials/{id}. */
export function testimonialsApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  router.get("/api/admin/testimonials", async (_req, res, next) => {
    try {
      res.json(await listTestimonials(db()));
    } catch (error) {
      next(error);
    }
  });

  router.post("/api/admin/testimonials", readJson, async (req, res, next) => {
    try {
      const result = await createTestimonial(db(), req.body);
      if (result.status === "ok") {
        const row = result.row;
        await recordAudit(db(), requestActor(req, res), { action: "testimonial.create", summary: `Created testimonial from ${quoted(row.name)}`, target: { type: "testimonial", id: row.id } }, req.log);
      }
      sendWrite(res, result, "testimonial", 201);
    } catch (error) {
      next(error);
    }
  });

  router.get("/api/admin/testimonials/:id", async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      const row = id ? await getTestimonial(db(), id) : null;
      if (row) res.json(row);
      else sendNotFound(res, "testimonial");
    } catch (error) {
      next(error);
    }
  });

  router.put("/api/admin/testimonials/:id", readJson, async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      // The row as it was, to name the fields this update changes.
      const before = id ? await getTestimonial(db(), id) : null;
      const result = id ? await updateTestimonial(db(), id, req.body) : ({ status: "not-found" } as const);
      if (result.status === "ok") {
        const row = result.row;
        const details = { changed: changedFields(before, row) };
        await recordAudit(db(), requestActor(req, res), { action: "testimonial.update", summary: `Updated testimonial from ${quoted(row.name)}`, target: { type: "testimonial", id: row.id }, details }, req.log);
      }
      sendWrite(res, result, "testimonial", 200);
    } catch (error) {
      next(error);
    }
  });

  router.delete("/api/admin/testimonials/:id", async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      // Read first: the log names what was deleted.
      const row = id ? await getTestimonial(db(), id) : null;
      if (!row || !(await deleteTestimonial(db(), row.id))) return void sendNotFound(res, "testimonial");
      await recordAudit(db(), requestActor(req, res), { action: "testimonial.delete", summary: `Deleted testimonial from ${quoted(row.name)}`, target: { type: "testimonial", id: row.id } }, req.log);
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  });

  router.use(jsonBodyErrors);
  return router;
}
