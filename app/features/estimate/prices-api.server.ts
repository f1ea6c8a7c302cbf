import express, { type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/features/seo/cache-headers";
import type { AppServices } from "~/services.server";
import { getPriceList } from "./pricing.server";

/**
 * GET /api/prices: the current price table, { items, minimumChargeEur } (euros before VAT), the
 * same one /estimate shows. Public and read-only: the chat assistant asks for it when a visitor
 * asks about price, instead of keeping its own copy of the figures. Cached like a public page
 * (the browser revalidates with the ETag, a CDN may keep it 30 s), so a change staff make at
 * /admin/pricing reaches the chat as soon as it reaches /estimate.
 */
export function pricesApi(services: AppServices): Router {
  const router = express.Router();
  router.get("/api/prices", async (_req, res) => {
    const { items, minimumChargeEur } = await getPriceList(services.database.db);
    res.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
    res.json({ items, minimumChargeEur });
  });
  router.all("/api/prices", (_req, res) => {
    res.set("Allow", "GET, HEAD");
    sendApiError(res, 405, "Use GET to read the price table.");
  });
  return router;
}
