import express, { type Router } from "express";
import { eq } from "drizzle-orm";
import { notFoundLog } from "~/db/schema";
import { idParam, readJson, sendNotFound, sendWrite } from "~/features/admin/list/resource-api.server";
import { recordAudit, requestActor } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { listNotFound } from "~/features/redirects/not-found-log.server";
import { createRedirect, deleteRedirect, getRedirect, listRedirects } from "~/features/redirects/redirects.server";

/**
 * /api/admin/redirects (list, create), /api/admin/redirects/{id} (delete) and
 * /api/admin/not-found (the 404 log, most hits first). Behind the admin API's session check.
 */
export function redirectsApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  router.get("/api/admin/redirects", async (_req, res) => {
    res.json(await listRedirects(db()));
  });

  router.post("/api/admin/redirects", readJson, async (req, res) => {
    const result = await createRedirect(db(), req.body, services.siteUrl);
    if (result.status === "ok") {
      const row = result.row;
      // The path leads somewhere now: it leaves the list of pages not found.
      await db().delete(notFoundLog).where(eq(notFoundLog.path, row.from));
      await recordAudit(
        db(),
        requestActor(req, res),
        {
          action: "redirect.create",
          summary: `Added a redirect from ${row.from} to ${row.to}`,
          target: { type: "redirect", id: row.id },
        },
        req.log,
      );
    }
    sendWrite(res, result, "redirect", 201);
  });

  router.delete("/api/admin/redirects/:id", async (req, res) => {
    const id = idParam(req.params.id);
    const row = id ? await getRedirect(db(), id) : null;
    if (!row || !(await deleteRedirect(db(), row.id))) return void sendNotFound(res, "redirect");
    await recordAudit(
      db(),
      requestActor(req, res),
      {
        action: "redirect.delete",
        summary: `Deleted the redirect from ${row.from} to ${row.to}`,
        target: { type: "redirect", id: row.id },
      },
      req.log,
    );
    res.status(204).end();
  });

  router.get("/api/admin/not-found", async (_req, res) => {
    // What is still in memory is written first, so staff see every 404 up to now.
    await services.notFoundLog.flush();
    const rows = await listNotFound(db());
    res.json(rows.map((r) => ({ path: r.path, hits: r.hits, lastSeenAt: r.lastSeenAt, referrer: r.referrer })));
  });

  return router;
}
