import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Business } from "~/config";
import type { Db } from "~/db/client.server";
import {
  clients,
  jobDocuments,
  jobPhotos,
  jobs,
  jobSignOffs,
  jobSnags,
  uploadVariants,
  type JobRow,
} from "~/db/schema";
import type { MailAttachment } from "~/features/mail/mailer.server";
import { renderPdf, type PdfPool } from "~/features/pdf/pdf-pool.server";
import { HANDOVER_MAX_PHOTOS } from "./handover-limits";
import type { PdfHandover } from "./handover-pdf.server";
import { jobDayViews, peopleById } from "./job-card.server";

// The handover pack: gathered from the database here, drawn in the PDF workers (handover-pdf),
// for the staff download, the client's download and the e-mail sent on sign-off (with the job's
// documents attached beside it). There is no pack before the client has signed off.

export const HANDOVER_NOT_YET_MESSAGE = "The handover pack is made once the client has signed off the job.";

/** The photo width used in the pack: the 800 px variant, or the largest if the photo is smaller. */
const PACK_PHOTO_WIDTH = 800;

async function afterPhotos(db: Db, jobId: number): Promise<PdfHandover["photos"]> {
  const photos = await db
    .select({ uploadId: jobPhotos.uploadId })
    .from(jobPhotos)
    .where(and(eq(jobPhotos.jobId, jobId), eq(jobPhotos.stage, "after")))
    .orderBy(desc(jobPhotos.createdAt), desc(jobPhotos.id))
    .limit(HANDOVER_MAX_PHOTOS);
  if (photos.length === 0) return [];
  const ids = photos.map((p) => p.uploadId);
  const sizes = await db
    .select({ uploadId: uploadVariants.uploadId, width: uploadVariants.width })
    .from(uploadVariants)
    .where(and(inArray(uploadVariants.uploadId, ids), eq(uploadVariants.format, "jpeg")));
  const out: PdfHandover["photos"] = [];
  // Oldest first in the pack; one variant read at a time keeps the server's memory flat.
  for (const { uploadId } of photos.reverse()) {
    const widths = sizes.filter((s) => s.uploadId === uploadId).map((s) => s.width);
    const width = widths.includes(PACK_PHOTO_WIDTH) ? PACK_PHOTO_WIDTH : Math.max(...widths);
    const [variant] = await db
      .select({ bytes: uploadVariants.bytes, width: uploadVariants.width, height: uploadVariants.height })
      .from(uploadVariants)
      .where(
        and(eq(uploadVariants.uploadId, uploadId), eq(uploadVariants.width, width), eq(uploadVariants.format, "jpeg")),
      );
    if (variant) out.push({ jpeg: new Uint8Array(variant.bytes), width: variant.width, height: variant.height });
  }
  return out;
}

/** Everything the pack shows, or null before sign-off. */
export async function handoverData(db: Db, job: JobRow): Promise<PdfHandover | null> {
  const [signOff] = await db.select().from(jobSignOffs).where(eq(jobSignOffs.jobId, job.id));
  if (!signOff) return null;
  const [client] = await db
    .select({ name: clients.name, company: clients.company })
    .from(clients)
    .where(eq(clients.id, job.clientId));
  const snags = await db
    .select()
    .from(jobSnags)
    .where(eq(jobSnags.jobId, job.id))
    .orderBy(asc(jobSnags.createdAt), asc(jobSnags.id));
  const people = await peopleById(
    db,
    snags.map((s) => s.closedBy),
  );
  const documents = await db
    .select({ name: jobDocuments.name, byteSize: jobDocuments.byteSize })
    .from(jobDocuments)
    .where(eq(jobDocuments.jobId, job.id))
    .orderBy(asc(jobDocuments.createdAt), asc(jobDocuments.id));
  const days = await jobDayViews(db, job.id);
  return {
    number: job.number,
    title: job.title,
    client: client ?? { name: "", company: "" },
    site: job.site,
    lines: job.lines.map(({ description, quantity, unit, optional, selected }) => ({
      description,
      quantity,
      unit,
      optional,
      selected,
    })),
    days: days.map((d) => ({ start: d.start, end: d.end, crew: d.crew.map((c) => c.name) })),
    photos: await afterPhotos(db, job.id),
    snags: snags.map((s) => ({
      text: s.text,
      createdAt: s.createdAt,
      closedAt: s.closedAt,
      closedBy: s.closedBy === null ? null : (people.get(s.closedBy)?.name ?? null),
    })),
    documents,
    signOff: { name: signOff.name, at: signOff.at, signature: signOff.signature },
  };
}

const fileName = (business: Business, number: string) =>
  `${business.name.replace(/[^\w-]+/g, "-")}-${number}-handover.pdf`;

/** The pack's PDF (made in the PDF workers), or null before sign-off. */
export async function handoverPack(
  services: { pdf: PdfPool; database: { db: Db }; business: Business },
  job: JobRow,
): Promise<{ filename: string; pdf: Buffer } | null> {
  const pack = await handoverData(services.database.db, job);
  if (!pack) return null;
  const pdf = await renderPdf(services, { kind: "job-handover", data: { pack, business: services.business } });
  return { filename: fileName(services.business, job.number), pdf };
}

/** The outbox's attachment maker for the handover e-mail: the pack and every document of the job. */
export function handoverAttachments(services: { pdf: PdfPool }, db: () => Db, business: () => Business) {
  return async (ref: { type: "job-handover"; jobId: number }): Promise<MailAttachment[] | null> => {
    const [job] = await db().select().from(jobs).where(eq(jobs.id, ref.jobId));
    if (!job) return null;
    const pack = await handoverPack({ pdf: services.pdf, database: { db: db() }, business: business() }, job);
    if (!pack) return null;
    const documents = await db()
      .select({ name: jobDocuments.name, bytes: jobDocuments.bytes })
      .from(jobDocuments)
      .where(eq(jobDocuments.jobId, job.id))
      .orderBy(asc(jobDocuments.createdAt), asc(jobDocuments.id));
    return [
      { filename: pack.filename, content: pack.pdf, contentType: "application/pdf" },
      ...documents.map((d) => ({ filename: d.name, content: d.bytes, contentType: "application/pdf" })),
    ];
  };
}
