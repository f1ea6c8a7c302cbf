import express, { type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { readJson } from "~/features/admin/list/resource-api.server";
import { recordAudit, requestActor } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { priceListErrorMessage, requiredItemsRemoved, validatePriceList } from "~/features/estimate/pricing-schema";
import { getPriceList, priceListChanges, savePriceList } from "~/features/estimate/pricing.server";

/**
 * GET and PUT /api/admin/pricing: the estimate's price table, { items, options, minimumChargeEur }.
 * Mounted inside the /api/admin router, after its session check. A PUT replaces the whole table
 * (400 naming the item and field in words, with field errors by path, e.g. items.2.low; rows
 * without a key get one from their label) and is audit-logged. Items the site needs
 * (REQUIRED_PRICE_ITEMS) cannot be removed.
 */
export function pricingApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  router.get("/api/admin/pricing", async (_req, res) => {
    res.json(await getPriceList(db()));
  });

  router.put("/api/admin/pricing", readJson, async (req, res) => {
    const checked = validatePriceList(req.body);
    if (!checked.ok)
      return sendApiError(res, 400, priceListErrorMessage(checked.fieldErrors, req.body), {
        fieldErrors: checked.fieldErrors,
      });
    const refused = requiredItemsRemoved(await getPriceList(db()), checked.data);
    if (refused.length > 0) return sendApiError(res, 400, refused.join(" "), { fieldErrors: { items: refused[0]! } });
    const { before, updatedAt } = await savePriceList(db(), checked.data);
    const changes = priceListChanges(before, checked.data);
    await recordAudit(
      db(),
      requestActor(req, res),
      {
        action: "pricing.update",
        summary: changes.length
          ? `Updated the price table (${changes.join(", ").slice(0, 400)})`
          : "Saved the price table (no changes)",
        target: { type: "pricing", id: 1 },
        details: { changes },
      },
      req.log,
    );
    res.json({ ...checked.data, updatedAt });
  });

  router.all("/api/admin/pricing", (_req, res) => {
    res.set("Allow", "GET, PUT");
    sendApiError(res, 405, "Use GET to read the price table and PUT to replace it.");
  });
  return router;
}
