import express, { type Router } from "express";
import type { AppServices } from "~/services.server";
import { idParam, jsonBodyErrors, readJson, sendNotFound, sendWrite } from "../list/resource-api.server";
import { createFaq, deleteFaq, getFaq, listFaqs, updateFaq } from "./faqs.server";

/** Spec section 7: /api/admin/faqs (list with ?category=, create), /api/admin/faqs/{id}. */
export function faqsApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  router.get("/api/admin/faqs", async (req, res, next) => {
    try {
      const category = typeof req.query.category === "string" && req.query.category ? req.query.category : undefined;
      res.json(await listFaqs(db(), category));
    } catch (error) {
      next(error);
    }
  });

  router.post("/api/admin/faqs", readJson, async (req, res, next) => {
    try {
      sendWrite(res, await createFaq(db(), req.body), "FAQ", 201);
    } catch (error) {
      next(error);
    }
  });

  router.get("/api/admin/faqs/:id", async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      const row = id ? await getFaq(db(), id) : null;
      if (row) res.json(row);
      else sendNotFound(res, "FAQ");
    } catch (error) {
      next(error);
    }
  });

  router.put("/api/admin/faqs/:id", readJson, async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      sendWrite(res, id ? await updateFaq(db(), id, req.body) : { status: "not-found" }, "FAQ", 200);
    } catch (error) {
      next(error);
    }
  });

  router.delete("/api/admin/faqs/:id", async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      if (id && (await deleteFaq(db(), id))) res.status(204).end();
      else sendNotFound(res, "FAQ");
    } catch (error) {
      next(error);
    }
  });

  router.use(jsonBodyErrors);
  return router;
}
