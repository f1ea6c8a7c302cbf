import type { Route } from "./+types/upload-file";
import { currentUser, mustSetUpTwoFactor } from "~/features/auth/require-admin.server";
import { mayOpenJob } from "~/features/jobs/card/job-access.server";
import { getUploadVariant, privateSitePhotoJob } from "./uploads.server";
import { parseUploadFileName } from "./upload-urls";

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * GET /uploads/<id>-<width>.<avif|webp|jpg>: an uploaded image variant from the database. A
 * variant never changes (a new upload gets a new id), so browsers and CDNs may keep it for a year.
 * A job's site photo (the crew's pictures of a client's premises) is the exception until a project
 * shows it: it is served only to staff who may open that job (owners and the office, crew on it),
 * kept by their browser alone, and answered 404 to anyone else, as if it did not exist.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const parsed = parseUploadFileName(params.file ?? "");
  if (!parsed) return notFound();
  const jobId = await privateSitePhotoJob(db, parsed.id);
  if (jobId !== null && !(await staffMayOpenJob(request, context.services, jobId))) return notFound();
  const variant = await getUploadVariant(db, parsed.id, parsed.width, parsed.format);
  if (!variant) return notFound();
  const headers = {
    "Content-Type": variant.contentType,
    // A wider variant standing in for one not made yet: kept a day, not for good.
    "Cache-Control":
      jobId !== null
        ? "private, max-age=86400"
        : variant.exact
          ? "public, max-age=31536000, immutable"
          : "public, max-age=86400",
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

/** Whether the request's signed-in staff member may open the job, as its job card. */
async function staffMayOpenJob(
  request: Request,
  services: Route.LoaderArgs["context"]["services"],
  jobId: number,
): Promise<boolean> {
  const user = await currentUser(request, services);
  return Boolean(user && !mustSetUpTwoFactor(user) && (await mayOpenJob(services.database.db, jobId, user)));
}
