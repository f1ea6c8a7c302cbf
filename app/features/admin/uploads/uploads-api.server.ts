import express, { type Router } from "express";
import { apiBodyErrors, sendApiError } from "~/api/api-errors.server";
import { quoted, recordAudit, requestActor } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { spoolBody, spooledBody } from "~/features/uploads/spool.server";
import { deleteAbandonedUploads, storeUpload } from "~/features/uploads/uploads.server";

/**
 * POST /api/admin/uploads: the image file itself as the body (any Content-Type: the type is read
 * from the bytes), its name in X-File-Name. Answers 201 with the new image's path and variants,
 * 413 over UPLOAD_MAX_BYTES, 415 for anything but JPEG/PNG/WebP/AVIF, 422 for a damaged image.
 * Mounted behind the /api/admin session check.
 */
export function uploadsApi(services: AppServices): Router {
  const router = express.Router();
  const maxBytes = services.env.UPLOAD_MAX_BYTES;
  const tooLarge = `The image is too large: at most ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB.`;

  router.post(
    "/api/admin/uploads",
    spoolBody({ ...services.uploadSpool, limit: maxBytes, tooLarge }),
    async (req, res) => {
      const body = spooledBody(res);
      const name = decodeFileName(req.get("x-file-name"));
      const result = await storeUpload(services.database.db, body, name);
      if (result.status !== "ok") {
        const status = { unsupported: 415, unreadable: 422, "too-many-pixels": 413, empty: 400 }[result.status];
        return sendApiError(res, status, result.message);
      }
      req.log.info(
        { upload: result.id, width: result.width, height: result.height, bytes: body.size },
        "image uploaded",
      );
      await recordAudit(
        services.database.db,
        requestActor(req, res),
        {
          action: "upload.create",
          summary: `Uploaded image ${name ? `${quoted(name)} ` : ""}(${result.width}×${result.height})`,
          target: { type: "upload", id: result.id },
          details: { width: result.width, height: result.height, bytes: body.size },
        },
        req.log,
      );
      res.status(201).json({
        id: result.id,
        src: result.src,
        width: result.width,
        height: result.height,
        variants: result.variants,
      });
      // Housekeeping, after answering: images uploaded for a form that was then cancelled.
      deleteAbandonedUploads(services.database.db).catch((error: unknown) =>
        req.log.warn({ err: error }, "could not remove abandoned uploads"),
      );
    },
  );

  router.use("/api/admin/uploads", apiBodyErrors({ tooLarge, unreadable: "The request body could not be read." }));
  return router;
}

function decodeFileName(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return (
      decodeURIComponent(value)
        // eslint-disable-next-line no-control-regex -- control characters are what it strips
        .replace(/[\u0000-\u001f\u007f]/g, "")
        .slice(0, 255) || null
    );
  } catch {
    return null;
  }
}
