import express, { type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import type { AppServices } from "~/services.server";
import { actionsOfGroup, isAuditAction, isAuditGroup } from "~/features/audit/audit-actions";
import { listAuditByPage } from "~/features/audit/audit.server";

/** Pages beyond this are refused: an offset that deep would scan the whole log for nothing. */
const MAX_PAGE = 100_000;

/**
 * GET /api/admin/audit?page=&action= → { total, items }: the audit log newest first, a page at a
 * time, optionally one action ("faq.update") or one group ("content"). Behind the admin API's
 * session check, like /admin/audit.
 */
export function auditApi(services: AppServices): Router {
  const router = express.Router();
  router.get("/api/admin/audit", async (req, res) => {
    const { page: pageText = "1", action = "" } = req.query as Record<string, unknown>;
    if (typeof pageText !== "string" || !/^[1-9]\d{0,5}$/.test(pageText) || Number(pageText) > MAX_PAGE)
      return sendApiError(res, 400, `page must be a whole number from 1 to ${MAX_PAGE.toLocaleString("en-IE")}.`);
    if (typeof action !== "string" || (action !== "" && !isAuditAction(action) && !isAuditGroup(action)))
      return sendApiError(
        res,
        400,
        `Unknown action "${String(action).slice(0, 60)}": use an action such as faq.update or a group such as content.`,
      );
    const actions = action === "" ? null : isAuditGroup(action) ? actionsOfGroup(action) : [action as never];
    res.json(await listAuditByPage(services.database.db, { page: Number(pageText), actions }));
  });
  return router;
}
