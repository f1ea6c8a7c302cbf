import express, { type Router } from "express";
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
      sendWrite(res, await createTestimonial(db(), req.body), "testimonial", 201);
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
      sendWrite(res, id ? await updateTestimonial(db(), id, req.body) : { status: "not-found" }, "testimonial", 200);
    } catch (error) {
      next(error);
    }
  });

  router.delete("/api/admin/testimonials/:id", async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      if (id && (await deleteTestimonial(db(), id))) res.status(204).end();
      else sendNotFound(res, "testimonial");
    } catch (error) {
      next(error);
    }
  });

  router.use(jsonBodyErrors);
  return router;
}
