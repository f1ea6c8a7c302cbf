import type { Route } from "./+types/upload-file";
import { getUploadVariant } from "./uploads.server";
import { parseUploadFileName } from "./upload-urls";

/**
 * GET /uploads/<id>-<width>.<avif|webp|jpg>: an uploaded image variant from the database. A
 * variant never changes (a new upload gets a new id), so browsers and CDNs may keep it for a year.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const parsed = parseUploadFileName(params.file ?? "");
  const variant = parsed
    ? await getUploadVariant(context.services.database.db, parsed.id, parsed.width, parsed.format)
    : null;
  if (!variant) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const headers = {
    "Content-Type": variant.contentType,
    // A wider variant standing in for one not made yet: kept a day, not for good.
    "Cache-Control": variant.exact ? "public, max-age=31536000, immutable" : "public, max-age=86400",
    ETag: variant.etag,
  };
  if (
    request.headers
      .get("if-none-match")
      ?.split(/\s*,\s*/)
      .includes(variant.etag)
  )
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(variant.bytes), {
    headers: { ...headers, "Content-Length": String(variant.bytes.length) },
  });
}
