import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/database-errors";
import { projects, uploads, type Project } from "~/db/schema";
import type { ProjectPhoto } from "~/db/column-types";
import type { AuditActor } from "~/features/audit/audit.server";
import { deleteUploadIfUnused } from "~/features/uploads/uploads.server";
import { parseUploadSrc, uploadUrl } from "~/features/uploads/upload-urls";
import type { WriteResult } from "~/forms/write-result";
import { validate } from "~/forms/field-errors";
import {
  PROJECT_MESSAGES,
  ProjectSchema,
  type ProjectField,
  type ProjectInput,
  type ProjectPhotoInput,
} from "~/features/gallery/projects-schema";
import { slugFromTitle } from "~/features/projects/project-facts";

// Projects for the admin and its API. (The public gallery and project pages read them through
// features/gallery and features/projects.)

/** The size the site's own images are drawn at (the demo SVGs are 800 × 600). */
const SITE_IMAGE_SIZE = { width: 800, height: 600 };
/** The widest stored variant of an upload (upload-urls.ts). */
const LARGEST_VARIANT = 1200;

/** Every project, or those of one category; lower display order first, as on the site. */
export function listProjects(db: Db, category?: string): Promise<Project[]> {
  return db
    .select()
    .from(projects)
    .where(category ? eq(projects.category, category) : undefined)
    .orderBy(asc(projects.displayOrder), asc(projects.id));
}

export async function getProject(db: Db, id: number): Promise<Project | null> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row ?? null;
}

/**
 * The payload checked. A payload in the old API's shape (imageSrc and altText, no photos) gets
 * the old fields' messages only: its one photo is made from them, so the photos' would repeat them.
 */
function validatePayload(input: unknown, sent: unknown = input) {
  const valid = validate(ProjectSchema, input);
  const sentPhotos = !!sent && typeof sent === "object" && "photos" in sent;
  if (!valid.ok && !sentPhotos) delete valid.errors.photos;
  return valid;
}

type Invalid = { status: "invalid"; fieldErrors: Partial<Record<ProjectField, string>> };

/** The stored photos for the ones sent: an upload's path, width and height come from its row. */
async function resolvePhotos(db: Db, sent: ProjectPhotoInput[]): Promise<ProjectPhoto[] | Invalid> {
  const idOf = (p: ProjectPhotoInput) => p.uploadId ?? (p.src ? (parseUploadSrc(p.src)?.id ?? null) : null);
  const ids = [...new Set(sent.map(idOf).filter((id): id is string => id !== null))];
  const stored = ids.length
    ? await db
        .select({ id: uploads.id, width: uploads.width, height: uploads.height })
        .from(uploads)
        .where(inArray(uploads.id, ids))
    : [];
  const byId = new Map(stored.map((u) => [u.id, u]));
  const photos: ProjectPhoto[] = [];
  for (const p of sent) {
    const pair = p.pair ? { pair: p.pair } : {};
    const id = idOf(p);
    if (id) {
      const upload = byId.get(id);
      if (!upload) return { status: "invalid", fieldErrors: { photos: PROJECT_MESSAGES.photoMissing } };
      const width = Math.min(upload.width, LARGEST_VARIANT);
      const height = Math.round((upload.height * width) / upload.width);
      photos.push({ uploadId: id, src: uploadUrl(id, width, "jpeg"), alt: p.alt, width, height, ...pair });
    } else if (p.src && !p.src.startsWith("/uploads/")) {
      photos.push({ uploadId: null, src: p.src, alt: p.alt, ...SITE_IMAGE_SIZE, ...pair });
    } else {
      return { status: "invalid", fieldErrors: { photos: PROJECT_MESSAGES.photoMissing } };
    }
  }
  return photos;
}

/** A free slug: the one asked for (or an error), else the title's with -2, -3… until free. */
async function chooseSlug(db: Db, data: ProjectInput, id: number | null, current: string | null) {
  const taken = async (slug: string) =>
    (
      await db
        .select({ id: projects.id })
        .from(projects)
        .where(id === null ? eq(projects.slug, slug) : and(eq(projects.slug, slug), ne(projects.id, id)))
        .limit(1)
    ).length > 0;
  if (data.slug) return (await taken(data.slug)) ? null : data.slug;
  if (current) return current;
  const base = slugFromTitle(data.title);
  let slug = base;
  for (let n = 2; await taken(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** The columns a valid payload sets (consent and status are handled by the caller). */
async function rowValues(db: Db, data: ProjectInput, id: number | null, before: Project | null, actor: AuditActor) {
  const photos = await resolvePhotos(db, data.photos);
  if ("status" in photos) return photos;
  const slug = await chooseSlug(db, data, id, before?.slug ?? null);
  if (!slug) return { status: "invalid", fieldErrors: { slug: PROJECT_MESSAGES.slugTaken } } satisfies Invalid;
  const { consent, slug: _slug, photos: _photos, ...fields } = data;
  const consentColumns =
    consent === undefined
      ? {}
      : consent
        ? before?.consentAt
          ? {}
          : { consentBy: actor.username ?? "staff", consentAt: new Date() }
        : // Consent withdrawn: the project can no longer be shown.
          { consentBy: null, consentAt: null, status: "draft" as const };
  return {
    status: "ok" as const,
    values: {
      ...fields,
      area: fields.area ?? "",
      sector: fields.sector ?? "",
      duration: fields.duration ?? "",
      scope: fields.scope ?? "",
      slug,
      photos,
      imageSrc: photos[0]!.src,
      altText: photos[0]!.alt,
      ...consentColumns,
      updatedAt: new Date(),
    },
  };
}

/** The index that holds one project per job (a violation of it is the caller's to answer). */
export const JOB_PROJECT_INDEX = "projects_job_idx";

const slugConflict = (error: unknown): Invalid | null =>
  isUniqueViolation(error) && !isUniqueViolation(error, JOB_PROJECT_INDEX)
    ? { status: "invalid", fieldErrors: { slug: PROJECT_MESSAGES.slugTaken } }
    : null;

/** A new draft; `origin.jobId`: the finished job it was made from (its client's review shows on the page). */
export async function createProject(
  db: Db,
  input: unknown,
  actor: AuditActor = { userId: null, username: null },
  origin: { jobId?: number } = {},
): Promise<WriteResult<Project, ProjectField>> {
  const valid = validatePayload(input);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  const values = await rowValues(db, valid.data, null, null, actor);
  if (values.status !== "ok") return values;
  try {
    const [row] = await db
      .insert(projects)
      .values({ ...values.values, jobId: origin.jobId ?? null })
      .returning();
    return { status: "ok", row: row! };
  } catch (error) {
    const conflict = slugConflict(error);
    if (conflict) return conflict;
    throw error;
  }
}

/** The fields the old API's payload lacks: an update without them keeps what the project has. */
const PAGE_FIELDS = ["slug", "area", "areaSlug", "sector", "services", "duration", "scope"] as const;

/**
 * The payload with what it leaves out filled from the project: the page's fields, and the photos
 * after the first when only the old single image (the first photo's path) is sent.
 */
function withUnsentFields(before: Project, input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const sent = { ...(input as Record<string, unknown>) };
  for (const key of PAGE_FIELDS) if (!(key in sent)) sent[key] = before[key];
  const first = before.photos[0];
  if (!("photos" in sent) && first && sent.imageSrc === first.src)
    sent.photos = [{ ...first, alt: sent.altText }, ...before.photos.slice(1)];
  return sent;
}

/** Replaces a project's fields; an uploaded image it no longer uses is removed. */
export async function updateProject(
  db: Db,
  id: number,
  input: unknown,
  actor: AuditActor = { userId: null, username: null },
): Promise<WriteResult<Project, ProjectField>> {
  const before = await getProject(db, id);
  const valid = validatePayload(before ? withUnsentFields(before, input) : input, input);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  if (!before) return { status: "not-found" };
  const values = await rowValues(db, valid.data, id, before, actor);
  if (values.status !== "ok") return values;
  let row: Project | undefined;
  try {
    // An edit makes the row the business's own: no longer demo content.
    [row] = await db
      .update(projects)
      .set({ ...values.values, demo: false })
      .where(eq(projects.id, id))
      .returning();
  } catch (error) {
    const conflict = slugConflict(error);
    if (conflict) return conflict;
    throw error;
  }
  if (!row) return { status: "not-found" };
  const kept = new Set(row.photos.map((p) => p.src));
  for (const photo of before.photos) if (!kept.has(photo.src)) await deleteUploadIfUnused(db, photo.src);
  return { status: "ok", row };
}

export type PublishResult = { status: "ok"; row: Project } | { status: "no-consent" } | { status: "not-found" };

/** Puts a project on the site (its page, /projects, the sitemap): only with the client's consent recorded. */
export async function publishProject(db: Db, id: number): Promise<PublishResult> {
  const before = await getProject(db, id);
  if (!before) return { status: "not-found" };
  if (!before.consentAt) return { status: "no-consent" };
  if (before.status === "published") return { status: "ok", row: before };
  const now = new Date();
  const [row] = await db
    .update(projects)
    .set({ status: "published", publishedAt: now, updatedAt: now })
    .where(and(eq(projects.id, id), eq(projects.status, "draft")))
    .returning();
  return row ? { status: "ok", row } : { status: "ok", row: (await getProject(db, id)) ?? before };
}

/** Whether a project was deleted; its uploaded photos go with it unless another project or post uses them. */
export async function deleteProject(db: Db, id: number): Promise<boolean> {
  const [removed] = await db.delete(projects).where(eq(projects.id, id)).returning({ photos: projects.photos });
  if (!removed) return false;
  for (const photo of removed.photos) await deleteUploadIfUnused(db, photo.src);
  return true;
}
