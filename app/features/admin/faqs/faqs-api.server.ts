import express, { type Router } from "express";
import { changedFields, quoted, recordAudit, requestActor } from "~/features/audit/audit.server";
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
      const result = await createFaq(db(), req.body);
      if (result.status === "ok") {
        const row = result.row;
        await recordAudit(db(), requestActor(req, res), { action: "faq.create", summary: `Created FAQ ${quoted(row.question)}`, target: { type: "faq", id: row.id } }, req.log);
      }
      sendWrite(res, result, "FAQ", 201);
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
      // The row as it was, to name the fields this update changes.
      const before = id ? await getFaq(db(), id) : null;
      const result = id ? await updateFaq(db(), id, req.body) : ({ status: "not-found" } as const);
      if (result.status === "ok") {
        const row = result.row;
        const details = { changed: changedFields(before, row) };
        await recordAudit(db(), requestActor(req, res), { action: "faq.update", summary: `Updated FAQ ${quoted(row.question)}`, target: { type: "faq", id: row.id }, details }, req.log);
      }
      sendWrite(res, result, "FAQ", 200);
    } catch (error) {
      next(error);
    }
  });

  router.delete("/api/admin/faqs/:id", async (req, res, next) => {
    try {
      const id = idParam(req.params.id);
      // Read first: the log names what was deleted.
      const row = id ? await getFaq(db(), id) : null;
      if (!row || !(await deleteFaq(db(), row.id))) return void sendNotFound(res, "FAQ");
      await recordAudit(db(), requestActor(req, res), { action: "faq.delete", summary: `Deleted FAQ ${quoted(row.question)}`, target: { type: "faq", id: row.id } }, req.log);
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  });

  router.use(jsonBodyErrors);
  return router;
}
