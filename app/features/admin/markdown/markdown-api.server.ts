import express, { type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { renderMarkdown } from "~/features/markdown/markdown.server";
import { validate } from "~/forms/field-errors";
import { INVALID_MESSAGE, readJson } from "../list/resource-api.server";
import { MarkdownPreviewSchema } from "./markdown-preview-schema";

/**
 * POST /api/admin/markdown/preview: the editor's live preview, rendered by the same server module
 * as the public pages (markdown.server.ts), so staff see exactly what visitors will see and no
 * Markdown renderer ever ships to the browser. Behind the admin session check like all /api/admin.
 */
export function markdownApi(): Router {
  const router = express.Router();
  router.post("/api/admin/markdown/preview", readJson, (req, res) => {
    const valid = validate(MarkdownPreviewSchema, req.body);
    if (!valid.ok) return void sendApiError(res, 400, INVALID_MESSAGE, { fieldErrors: valid.errors });
    res.json({ html: renderMarkdown(valid.data.markdown) });
  });
  return router;
}
