import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { staffNameSql } from "~/features/auth/staff-name.server";
import {
  clients,
  jobChecklistItems,
  jobDays,
  jobDayStaff,
  jobDocuments,
  jobPhotos,
  jobSignOffs,
  jobSnags,
  uploadVariants,
  users,
  type JobPhotoStage,
  type JobRow,
  type JobSite,
  type JobStatus,
} from "~/db/schema";
import type { QuoteLine } from "~/features/quotes/quote-types";
import { uploadUrl } from "~/features/uploads/upload-urls";

// The job card as staff and crew read it: the job, its days and crew, the checklist with who
// ticked what, photos by stage, snags, documents and the sign-off. One read, a handful of indexed
// queries; every writer (job-card-writes.server.ts) answers the parts it changed in these shapes.

export type Person = { id: number; name: string };
export type ChecklistItemView = {
  id: number;
  label: string;
  done: boolean;
  doneBy: Person | null;
  doneAt: Date | null;
};
export type PhotoView = {
  id: number;
  url: string;
  thumbnailUrl: string;
  stage: JobPhotoStage;
  width: number;
  height: number;
  createdAt: Date;
};
export type SnagView = {
  id: number;
  text: string;
  photoId: number | null;
  createdAt: Date;
  closedAt: Date | null;
  closedBy: Person | null;
};
export type DocumentView = { id: number; name: string; byteSize: number; url: string; createdAt: Date };
export type JobDayView = { id: number; start: Date; end: Date; note: string; crew: Person[] };

export type JobCard = {
  id: number;
  number: string;
  title: string;
  status: JobStatus;
  client: { id: number; name: string; company: string };
  site: JobSite;
  lines: QuoteLine[];
  valueCents: number;
  days: JobDayView[];
  checklist: ChecklistItemView[];
  photos: PhotoView[];
  snags: SnagView[];
  documents: DocumentView[];
  signOff: { name: string; at: Date; signed: boolean } | null;
  clientLink: string;
};

export const documentUrl = (jobId: number, documentId: number) => `/api/admin/jobs/${jobId}/documents/${documentId}`;

/** People by id, for "who ticked it": one query for a card's worth of ids. */
export async function peopleById(db: Db, ids: Array<number | null>): Promise<Map<number, Person>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: staffNameSql }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

const person = (people: Map<number, Person>, id: number | null) => (id === null ? null : (people.get(id) ?? null));

export function checklistItemView(
  row: typeof jobChecklistItems.$inferSelect,
  people: Map<number, Person>,
): ChecklistItemView {
  return {
    id: row.id,
    label: row.label,
    done: row.doneAt !== null,
    doneBy: person(people, row.doneBy),
    doneAt: row.doneAt,
  };
}

export function snagView(row: typeof jobSnags.$inferSelect, people: Map<number, Person>): SnagView {
  return {
    id: row.id,
    text: row.text,
    photoId: row.photoId,
    createdAt: row.createdAt,
    closedAt: row.closedAt,
    closedBy: person(people, row.closedBy),
  };
}

/** The job's photos with their largest and smallest stored JPEG (the variants, never the upload). */
export async function jobPhotoViews(db: Db, jobId: number, stage?: JobPhotoStage): Promise<PhotoView[]> {
  const photos = await db
    .select({ id: jobPhotos.id, uploadId: jobPhotos.uploadId, stage: jobPhotos.stage, createdAt: jobPhotos.createdAt })
    .from(jobPhotos)
    .where(stage ? and(eq(jobPhotos.jobId, jobId), eq(jobPhotos.stage, stage)) : eq(jobPhotos.jobId, jobId))
    .orderBy(asc(jobPhotos.createdAt), asc(jobPhotos.id));
  if (photos.length === 0) return [];
  const variants = await db
    .select({ uploadId: uploadVariants.uploadId, width: uploadVariants.width, height: uploadVariants.height })
    .from(uploadVariants)
    .where(
      and(
        inArray(
          uploadVariants.uploadId,
          photos.map((p) => p.uploadId),
        ),
        eq(uploadVariants.format, "jpeg"),
      ),
    );
  return photos.flatMap((p) => {
    const sizes = variants.filter((v) => v.uploadId === p.uploadId).sort((a, b) => a.width - b.width);
    const smallest = sizes[0];
    const largest = sizes[sizes.length - 1];
    if (!smallest || !largest) return [];
    return [
      {
        id: p.id,
        url: uploadUrl(p.uploadId, largest.width, "jpeg"),
        thumbnailUrl: uploadUrl(p.uploadId, smallest.width, "jpeg"),
        stage: p.stage,
        width: largest.width,
        height: largest.height,
        createdAt: p.createdAt,
      },
    ];
  });
}

/** The job's days in order, each with its crew. */
export async function jobDayViews(db: Db, jobId: number): Promise<JobDayView[]> {
  const days = await db
    .select()
    .from(jobDays)
    .where(eq(jobDays.jobId, jobId))
    .orderBy(asc(jobDays.startsAt), asc(jobDays.id));
  if (days.length === 0) return [];
  const crew = await db
    .select({ dayId: jobDayStaff.dayId, id: users.id, name: staffNameSql })
    .from(jobDayStaff)
    .innerJoin(users, eq(users.id, jobDayStaff.userId))
    .where(
      inArray(
        jobDayStaff.dayId,
        days.map((d) => d.id),
      ),
    )
    .orderBy(asc(staffNameSql));
  return days.map((d) => ({
    id: d.id,
    start: d.startsAt,
    end: d.endsAt,
    note: d.note,
    crew: crew.filter((c) => c.dayId === d.id).map(({ id, name }) => ({ id, name })),
  }));
}

export async function loadJobCard(db: Db, job: JobRow, siteUrl: string): Promise<JobCard> {
  const [client] = await db
    .select({ id: clients.id, name: clients.name, company: clients.company })
    .from(clients)
    .where(eq(clients.id, job.clientId));
  const checklist = await db
    .select()
    .from(jobChecklistItems)
    .where(eq(jobChecklistItems.jobId, job.id))
    .orderBy(asc(jobChecklistItems.position), asc(jobChecklistItems.id));
  const snags = await db
    .select()
    .from(jobSnags)
    .where(eq(jobSnags.jobId, job.id))
    .orderBy(asc(jobSnags.createdAt), asc(jobSnags.id));
  const documents = await db
    .select({
      id: jobDocuments.id,
      name: jobDocuments.name,
      byteSize: jobDocuments.byteSize,
      createdAt: jobDocuments.createdAt,
    })
    .from(jobDocuments)
    .where(eq(jobDocuments.jobId, job.id))
    .orderBy(asc(jobDocuments.createdAt), asc(jobDocuments.id));
  const [signOff] = await db.select().from(jobSignOffs).where(eq(jobSignOffs.jobId, job.id));
  const people = await peopleById(db, [...checklist.map((c) => c.doneBy), ...snags.map((s) => s.closedBy)]);
  return {
    id: job.id,
    number: job.number,
    title: job.title,
    status: job.status,
    client: client ?? { id: job.clientId, name: "", company: "" },
    site: job.site,
    lines: job.lines,
    valueCents: job.valueCents,
    days: await jobDayViews(db, job.id),
    checklist: checklist.map((row) => checklistItemView(row, people)),
    photos: await jobPhotoViews(db, job.id),
    snags: snags.map((row) => snagView(row, people)),
    documents: documents.map((d) => ({ ...d, url: documentUrl(job.id, d.id) })),
    signOff: signOff ? { name: signOff.name, at: signOff.at, signed: signOff.signature !== null } : null,
    clientLink: `${siteUrl}/j/${job.token}`,
  };
}
