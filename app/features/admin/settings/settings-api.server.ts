import express, { type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { recordAudit, requestActor } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { INVALID_MESSAGE, readJson } from "../list/resource-api.server";
import { getAutoReplySettings, saveAutoReplySettings } from "~/features/leads/auto-reply-settings.server";
import { saveDigestEmail } from "./settings.server";

/**
 * /api/admin/settings/auto-reply (the visitor auto-reply: read, change) and
 * /api/admin/account/email (your own daily digest address). Mounted after the admin guard.
 */
export function settingsApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  router.get("/api/admin/settings/auto-reply", async (_req, res) => {
    res.json(await getAutoReplySettings(db()));
  });

  router.put("/api/admin/settings/auto-reply", readJson, async (req, res) => {
    const result = await saveAutoReplySettings(db(), req.body);
    if (result.status === "invalid")
      return sendApiError(res, 400, INVALID_MESSAGE, { fieldErrors: result.fieldErrors });
    if (result.changed.length > 0)
      await recordAudit(
        db(),
        requestActor(req, res),
        {
          action: "settings.auto-reply",
          summary: `Changed the visitor auto-reply (${result.changed
            .map((f) => ({ autoReplyEnabled: "on/off", autoReplySubject: "subject", autoReplyBody: "message" })[f])
            .join(
              ", ",
            )})${result.changed.includes("autoReplyEnabled") ? `: ${result.settings.autoReplyEnabled ? "on" : "off"}` : ""}`,
          details: { fields: result.changed, enabled: result.settings.autoReplyEnabled },
        },
        req.log,
      );
    res.json(result.settings);
  });

  router.put("/api/admin/account/email", readJson, async (req, res) => {
    const actor = requestActor(req, res);
    const result = await saveDigestEmail(db(), actor.userId!, req.body);
    if (result.status === "invalid")
      return sendApiError(res, 400, INVALID_MESSAGE, { fieldErrors: result.fieldErrors });
    await recordAudit(
      db(),
      actor,
      {
        action: "account.email",
        summary: result.email ? "Set own e-mail address" : "Removed own e-mail address",
      },
      req.log,
    );
    res.json({ email: result.email });
  });

  return router;
}
