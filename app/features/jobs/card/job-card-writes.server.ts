import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { jobChecklistItems, jobDocuments, jobPhotos, jobs, jobSnags, uploads, type JobPhotoStage } from "~/db/schema";
import { validate, type FieldErrors } from "~/forms/field-errors";
import type { SpooledBody } from "~/features/uploads/spool.server";
import {
  deleteUnusedUpload,
  siteUsesOfUpload,
  storeUpload,
  type SiteUse,
  type UploadResult,
} from "~/features/uploads/uploads.server";
import { uploadUrl } from "~/features/uploads/upload-urls";
import {
  checklistItemView,
  documentUrl,
  peopleById,
  snagView,
  type ChecklistItemView,
  type DocumentView,
  type SnagView,
} from "./job-card.server";
import { cardIsOpen, checklistTick, looksLikePdf, snagClosing } from "./job-card-rules";
import { NewSnagSchema, SNAG_MESSAGES } from "./job-card-schema";

// The crew's changes to a job card: ticks, snags, photos and documents (and deleting a snag or photo
// added by mistake). Each records who and when, and refuses a job that is complete or cancelled
// ("closed"): the card is then the job's record.
// The job row is locked while a change is made, so a sign-off and a tick cannot cross.

export type CardWrite<T> =
  { status: "ok"; value: T } | { status: "not-found" | "closed" } | { status: "invalid"; errors: FieldErrors };

/** Locks the job for the change and says whether its card is still open. */
async function lockOpenJob(tx: Db, jobId: number): Promise<boolean> {
  const [row] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).for("update");
  return Boolean(row && cardIsOpen(row.status));
}

export function tickChecklistItem(
  db: Db,
  jobId: number,
  itemId: number,
  done: boolean,
  userId: number,
  now = new Date(),
): Promise<CardWrite<ChecklistItemView>> {
  return db.transaction(async (tx): Promise<CardWrite<ChecklistItemView>> => {
    if (!(await lockOpenJob(tx, jobId))) return { status: "closed" };
    const [row] = await tx
      .update(jobChecklistItems)
      .set(checklistTick(done, userId, now))
      .where(and(eq(jobChecklistItems.jobId, jobId), eq(jobChecklistItems.id, itemId)))
      .returning();
    if (!row) return { status: "not-found" };
    return { status: "ok", value: checklistItemView(row, await peopleById(tx, [row.doneBy])) };
  });
}

export function addSnag(db: Db, jobId: number, raw: unknown, userId: number): Promise<CardWrite<SnagView>> {
  const checked = validate(NewSnagSchema, raw);
  if (!checked.ok) return Promise.resolve({ status: "invalid", errors: checked.errors });
  const { text, photoId } = checked.data;
  return db.transaction(async (tx): Promise<CardWrite<SnagView>> => {
    if (!(await lockOpenJob(tx, jobId))) return { status: "closed" };
    if (photoId) {
      const [photo] = await tx
        .select({ id: jobPhotos.id })
        .from(jobPhotos)
        .where(and(eq(jobPhotos.jobId, jobId), eq(jobPhotos.id, photoId)));
      if (!photo) return { status: "invalid", errors: { photoId: SNAG_MESSAGES.photoId } };
    }
    const [row] = await tx
      .insert(jobSnags)
      .values({ jobId, text, photoId: photoId ?? null, createdBy: userId })
      .returning();
    return { status: "ok", value: snagView(row!, new Map()) };
  });
}

export function closeSnag(
  db: Db,
  jobId: number,
  snagId: number,
  closed: boolean,
  userId: number,
  now = new Date(),
): Promise<CardWrite<SnagView>> {
  return db.transaction(async (tx): Promise<CardWrite<SnagView>> => {
    if (!(await lockOpenJob(tx, jobId))) return { status: "closed" };
    const [row] = await tx
      .update(jobSnags)
      .set(snagClosing(closed, userId, now))
      .where(and(eq(jobSnags.jobId, jobId), eq(jobSnags.id, snagId)))
      .returning();
    if (!row) return { status: "not-found" };
    return { status: "ok", value: snagView(row, await peopleById(tx, [row.closedBy])) };
  });
}

/**
 * Deletes a snag added by mistake (one that was fixed is closed instead, and stays on the record).
 * Answers the deleted snag's text, for the audit log.
 */
export function deleteSnag(db: Db, jobId: number, snagId: number): Promise<CardWrite<{ text: string }>> {
  return db.transaction(async (tx): Promise<CardWrite<{ text: string }>> => {
    if (!(await lockOpenJob(tx, jobId))) return { status: "closed" };
    const [row] = await tx
      .delete(jobSnags)
      .where(and(eq(jobSnags.jobId, jobId), eq(jobSnags.id, snagId)))
      .returning({ text: jobSnags.text });
    return row ? { status: "ok", value: row } : { status: "not-found" };
  });
}

export type PhotoDelete = CardWrite<{ stage: JobPhotoStage }> | { status: "on-the-site"; uses: SiteUse[] };

/**
 * Deletes a site photo taken by mistake, and its stored image (every variant) unless something else
 * uses it. A photo the website shows (a project page made from the job, a post) is refused, naming
 * the page: deleting it would leave that page without its picture. A snag that showed it keeps its
 * text (the foreign key sets its photo to null).
 */
export function deleteJobPhoto(db: Db, jobId: number, photoId: number): Promise<PhotoDelete> {
  return db.transaction(async (tx): Promise<PhotoDelete> => {
    if (!(await lockOpenJob(tx, jobId))) return { status: "closed" };
    const [photo] = await tx
      .select({ uploadId: jobPhotos.uploadId, stage: jobPhotos.stage })
      .from(jobPhotos)
      .where(and(eq(jobPhotos.jobId, jobId), eq(jobPhotos.id, photoId)));
    if (!photo) return { status: "not-found" };
    const uses = await siteUsesOfUpload(tx, photo.uploadId);
    if (uses.length > 0) return { status: "on-the-site", uses };
    await tx.delete(jobPhotos).where(eq(jobPhotos.id, photoId));
    await deleteUnusedUpload(tx, photo.uploadId);
    return { status: "ok", value: { stage: photo.stage } };
  });
}

/** A site photo is kept at most this size on its longest side. */
export const JOB_PHOTO_MAX_SIDE = 2560;

export type PhotoAnswer = { id: number; url: string; stage: JobPhotoStage; width: number; height: number };

/**
 * A site photo: through the uploads pipeline (type sniffed, pixel limits, decoded once, re-encoded
 * as JPEG at most 2560 px, so no EXIF, GPS, XMP or IPTC survives), then filed on the job. JPEG
 * only, with plain libjpeg: WebP and mozjpeg took 3–4 s each for the 2560 px variant alone.
 */
export async function addJobPhoto(
  db: Db,
  jobId: number,
  stage: JobPhotoStage,
  photo: Buffer | SpooledBody,
  userId: number,
): Promise<CardWrite<PhotoAnswer> | Exclude<UploadResult, { status: "ok" }>> {
  const [job] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) return { status: "not-found" };
  if (!cardIsOpen(job.status)) return { status: "closed" };
  const stored = await storeUpload(db, photo, null, {
    maxSide: JOB_PHOTO_MAX_SIDE,
    formats: ["jpeg"],
    quickJpeg: true,
  });
  if (stored.status !== "ok") return stored;
  const filed = await db.transaction(async (tx) => {
    if (!(await lockOpenJob(tx, jobId))) return null;
    const [row] = await tx.insert(jobPhotos).values({ jobId, uploadId: stored.id, stage, takenBy: userId }).returning();
    return row!;
  });
  if (!filed) {
    // Closed while the photo was being encoded: the stored image goes too.
    await db.delete(uploads).where(eq(uploads.id, stored.id));
    return { status: "closed" };
  }
  return {
    status: "ok",
    value: {
      id: filed.id,
      url: uploadUrl(stored.id, stored.stored.width, "jpeg"),
      stage,
      width: stored.stored.width,
      height: stored.stored.height,
    },
  };
}

export type DocumentWrite = CardWrite<DocumentView> | { status: "not-pdf" | "empty" };

/** A PDF for the handover (a fire-rating certificate, a data sheet): sniffed as PDF, kept as sent. */
export async function addJobDocument(
  db: Db,
  jobId: number,
  name: string,
  bytes: Buffer,
  userId: number,
): Promise<DocumentWrite> {
  if (bytes.length === 0) return { status: "empty" };
  if (!looksLikePdf(bytes)) return { status: "not-pdf" };
  return db.transaction(async (tx): Promise<DocumentWrite> => {
    if (!(await lockOpenJob(tx, jobId))) return { status: "closed" };
    const [row] = await tx
      .insert(jobDocuments)
      .values({ jobId, name, byteSize: bytes.length, bytes, uploadedBy: userId })
      .returning({
        id: jobDocuments.id,
        name: jobDocuments.name,
        byteSize: jobDocuments.byteSize,
        createdAt: jobDocuments.createdAt,
      });
    return { status: "ok", value: { ...row!, url: documentUrl(jobId, row!.id) } };
  });
}

export async function getJobDocument(
  db: Db,
  jobId: number,
  documentId: number,
): Promise<{ name: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ name: jobDocuments.name, bytes: jobDocuments.bytes })
    .from(jobDocuments)
    .where(and(eq(jobDocuments.jobId, jobId), eq(jobDocuments.id, documentId)));
  return row ?? null;
}
