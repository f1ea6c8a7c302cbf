import express, { type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { renderMarkdown } from "~/features/markdown/markdown.server";
import { getPriceList } from "~/features/estimate/pricing.server";
import { fillPlaceholders } from "~/features/site/placeholders";
import type { AppServices } from "~/services.server";
import { validate } from "~/forms/field-errors";
import { INVALID_MESSAGE, readJson } from "../list/resource-api.server";
import { MarkdownPreviewSchema } from "./markdown-preview-schema";

/**
 * POST /api/admin/markdown/preview: the editor's live preview, rendered by the same server module
 * as the public pages (markdown.server.ts), so staff see exactly what visitors will see and no
 * Markdown renderer ever ships to the browser. {price:…} placeholders are filled from the price table. Behind the admin session check like all /api/admin.
 */
export function markdownApi(services: AppServices): Router {
  const router = express.Router();
  router.post("/api/admin/markdown/preview", readJson, async (req, res) => {
    const valid = validate(MarkdownPreviewSchema, req.body);
    if (!valid.ok) return void sendApiError(res, 400, INVALID_MESSAGE, { fieldErrors: valid.errors });
    // Price placeholders as visitors will see them, except that an unknown item is shown loudly.
    const { items } = await getPriceList(services.database.db);
    res.json({
      html: renderMarkdown(
        fillPlaceholders(valid.data.markdown, { items, preview: true, business: services.business }),
      ),
    });
  });
  return router;
}
