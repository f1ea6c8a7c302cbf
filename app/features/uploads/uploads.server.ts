import crypto from "node:crypto";
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import pLimit from "p-limit";
import sharp, { type Sharp } from "sharp";
import { lowerHelperThreads } from "~/background-priority.server";
import { queryRows, type Db } from "~/db/client.server";
import { jobPhotos, posts, projects, uploads, uploadVariants } from "~/db/schema";
import { sniffImageType } from "./sniff";
import { fileHead, type SpooledBody } from "./spool.server";
import {
  CONTENT_TYPE,
  parseUploadSrc,
  UPLOAD_FORMATS,
  UPLOAD_WIDTHS,
  uploadUrl,
  variantWidths,
  widthsForUpload,
  type UploadFormat,
} from "./upload-urls";

// libvips keeps recently decoded images in a cache of its own (native memory, outside the
// JavaScript heap's cap). A server decodes each upload once, so the cache only held memory:
// bench:memory's handover phase (30 phone photos uploaded in a row, then the pack) peaked at
// 475–490 MB with it and 430 MB without it (one thread per image as well measured no better).
sharp.cache(false);

/**
 * Uploads decoded and encoded at once in this process; the others wait their turn. A 12-megapixel
 * photo holds tens of MB of native memory while it is worked on, so two crews sending photos at
 * the same moment would double the server's peak; one at a time keeps it flat. Only uploads wait:
 * the work runs on libuv's threads, and the event loop and every other request go on.
 */
export const IMAGES_AT_ONCE = 1;
const imageLimit = pLimit(IMAGES_AT_ONCE);
/**
 * libvips' worker threads, made as an image needs them, run below the event loop's priority: they
 * are made from libuv's threads and take their priority, so libuv's are lowered first (the server
 * did so at start; a process that did not start one, such as a test, does it here).
 */
const imageWork = <T>(work: () => Promise<T>): Promise<T> =>
  imageLimit(async () => {
    await lowerHelperThreads();
    return work();
  });

/**
 * A larger picture is refused from its header, before decoding: a small file can declare a huge
 * canvas. Each side is limited too: a 1 × 49,000,000 PNG (95 KB) is under the pixel limit, yet
 * decoding it took 20 seconds of CPU.
 */
export const MAX_UPLOAD_PIXELS = 50_000_000;
export const MAX_UPLOAD_SIDE = 12_000;

export const UPLOAD_MESSAGES = {
  type: "Only JPEG, PNG, WebP and AVIF images can be uploaded.",
  unreadable: "The image could not be read. It may be damaged; try exporting it again.",
  pixels: `The image is too large: at most ${(MAX_UPLOAD_PIXELS / 1_000_000).toFixed(0)} megapixels.`,
  side: `The image is too large: at most ${MAX_UPLOAD_SIDE.toLocaleString("en-IE")} pixels wide and ${MAX_UPLOAD_SIDE.toLocaleString("en-IE")} pixels high.`,
  empty: "Choose an image to upload.",
} as const;

export type UploadResult =
  | {
      status: "ok";
      id: string;
      src: string;
      width: number;
      height: number;
      variants: string[];
      /** The largest variant stored (`src`): the image as kept, never larger than the upload. */
      stored: { width: number; height: number };
    }
  | { status: "unsupported" | "unreadable" | "too-many-pixels" | "empty"; message: string };

const ENCODE = {
  avif: (s: Sharp) => s.avif({ quality: 50, effort: 3 }),
  webp: (s: Sharp) => s.webp({ quality: 78 }),
  // JPEG has no transparency: flatten onto white.
  jpeg: (s: Sharp) => s.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true }),
} satisfies Record<UploadFormat, (s: Sharp) => Sharp>;
/**
 * Plain libjpeg (see StoreUploadOptions.quickJpeg). `optimiseCoding` false for a site photo's largest
 * width: to optimise the Huffman tables, libjpeg keeps the whole image's coefficients in memory
 * until it writes (about 30 MB at 2560 × 1920, on top of the decoding). Measured on 12 MP photos:
 * the process's peak 32–48 MB above its start with them, 3–21 MB without; 94 ms a photo against
 * 130; the file about a sixth larger.
 */
const QUICK_JPEG = (s: Sharp, optimiseCoding = true) =>
  s.flatten({ background: "#ffffff" }).jpeg({ quality: 80, optimiseCoding });

export type StoreUploadOptions = {
  /**
   * The longest side of the largest variant (a site photo is kept larger than a project image,
   * 2560 px); by default the largest width is 1200 px.
   */
  maxSide?: number;
  /** The formats to store (all by default); a site photo needs no AVIF. */
  formats?: ReadonlyArray<UploadFormat>;
  /**
   * Plain libjpeg instead of mozjpeg for the JPEGs: a 2560 px photo encodes in a tenth of the time
   * (measured 0.23 s against 3.9 s on a loaded 2-core machine) for files about a quarter larger.
   * For site photos taken on a phone, where the crew wait for the upload.
   */
  quickJpeg?: boolean;
};

/**
 * Stores an uploaded image: checks its real type by its first bytes, then re-encodes it with
 * sharp as AVIF, WebP and JPEG at each width. Only the re-encoded variants are kept: they carry
 * no metadata, so EXIF (camera, GPS position), XMP and IPTC are gone; the EXIF orientation is
 * applied first. sharp does the decoding and encoding on libuv's threads, off the event loop.
 */
export async function storeUpload(
  db: Db,
  source: Buffer | SpooledBody,
  originalName: string | null,
  options: StoreUploadOptions = {},
): Promise<UploadResult> {
  const byteSize = Buffer.isBuffer(source) ? source.length : source.size;
  if (byteSize === 0) return { status: "empty", message: UPLOAD_MESSAGES.empty };
  const sourceType = sniffImageType(Buffer.isBuffer(source) ? source : await fileHead(source.path));
  if (!sourceType) return { status: "unsupported", message: UPLOAD_MESSAGES.type };

  // A spooled body is read by libvips from its file (a path, for sharp).
  const image = Buffer.isBuffer(source) ? source : source.path;
  const input = () => sharp(image, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: "error" });
  let width: number;
  let height: number;
  try {
    // The header alone (no pixel limit here): a huge canvas gets its own answer below. Decoding
    // (input()) is limited again by sharp's limitInputPixels, should a header understate it.
    const meta = await sharp(image, { limitInputPixels: false }).metadata();
    ({ width, height } = meta.autoOrient);
    if (!width || !height) throw new Error("no dimensions");
    if (width > MAX_UPLOAD_SIDE || height > MAX_UPLOAD_SIDE)
      return { status: "too-many-pixels", message: UPLOAD_MESSAGES.side };
    if (width * height > MAX_UPLOAD_PIXELS) return { status: "too-many-pixels", message: UPLOAD_MESSAGES.pixels };
  } catch {
    return { status: "unreadable", message: UPLOAD_MESSAGES.unreadable };
  }

  // 128 random bits, as every link that must not be guessed: a site photo's address is its only lock.
  const id = crypto.randomBytes(16).toString("hex");
  const widths = options.maxSide
    ? variantWidths(Math.min(width, Math.floor((options.maxSide * width) / Math.max(width, height))))
    : widthsForUpload(width);
  const formats = options.formats ?? UPLOAD_FORMATS;
  let variants: Array<typeof uploadVariants.$inferInsert>;
  try {
    variants = await imageWork(async () => {
      if (formats.length === 1 && formats[0] === "jpeg") return jpegVariants(input, id, widths, options.quickJpeg);
      // Decode, orient and shrink the upload once (8-bit sRGB pixels, at most the largest width);
      // every variant starts from those pixels, so a 12-megapixel photo is decoded once, not nine times.
      const base = await input()
        .autoOrient()
        .resize({ width: widths[widths.length - 1]!, withoutEnlargement: true })
        .toColourspace("srgb")
        .raw({ depth: "uchar" })
        .toBuffer({ resolveWithObject: true });
      const pixels = () =>
        sharp(base.data, { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } });
      const made: typeof variants = [];
      // One variant at a time: libvips uses every core for each encode anyway, and an AVIF encoder
      // beside a WebP and a JPEG one held their working memory at once.
      for (const w of widths) {
        for (const format of formats) {
          const encode = format === "jpeg" && options.quickJpeg ? QUICK_JPEG : ENCODE[format];
          const { data, info } = await encode(pixels().resize({ width: w })).toBuffer({ resolveWithObject: true });
          made.push({ uploadId: id, width: w, format, height: info.height, bytes: data, etag: etagOf(data) });
        }
      }
      return made;
    });
  } catch {
    return { status: "unreadable", message: UPLOAD_MESSAGES.unreadable };
  }

  await db.transaction(async (tx) => {
    await tx.insert(uploads).values({
      id,
      originalName: originalName?.slice(0, 255) || null,
      sourceType,
      width,
      height,
      byteSize,
    });
    // One row at a time keeps each statement small (a few hundred KB at most).
    for (const variant of variants) await tx.insert(uploadVariants).values(variant);
  });
  const largest = widths[widths.length - 1]!;
  return {
    status: "ok",
    id,
    src: uploadUrl(id, largest, "jpeg"),
    width,
    height,
    variants: variants.map((v) => uploadUrl(id, v.width, v.format)),
    stored: { width: largest, height: variants.find((v) => v.width === largest)!.height },
  };
}

/**
 * The variants of a JPEG-only upload (a site photo, kept up to 2560 px): the largest encoded
 * straight from the decoded upload, the smaller ones from that JPEG. A 2560 px photo's pixels are
 * 15 MB (a project image's, at 1200 px, 3 MB): held as a base for every width, then left for the
 * garbage collector with the variants, they raised the server's memory with each photo in a row.
 * Decoding from the largest JPEG is quick (libjpeg shrinks on load at half its width or less), and
 * the smaller widths (1200 px at most) are well below it, so its compression hardly shows in them.
 */
async function jpegVariants(
  input: () => Sharp,
  uploadId: string,
  widths: number[],
  quick: boolean | undefined,
): Promise<Array<typeof uploadVariants.$inferInsert>> {
  const encode = quick ? QUICK_JPEG : ENCODE.jpeg;
  const encodeLargest = quick ? (s: Sharp) => QUICK_JPEG(s, false) : encode;
  const largest = widths[widths.length - 1]!;
  const big = await encodeLargest(
    input().autoOrient().resize({ width: largest, withoutEnlargement: true }).toColourspace("srgb"),
  ).toBuffer({ resolveWithObject: true });
  const made: Array<typeof uploadVariants.$inferInsert> = [];
  for (const w of widths.slice(0, -1)) {
    const { data, info } = await encode(sharp(big.data).resize({ width: w })).toBuffer({ resolveWithObject: true });
    made.push({ uploadId, width: w, format: "jpeg", height: info.height, bytes: data, etag: etagOf(data) });
  }
  made.push({
    uploadId,
    width: largest,
    format: "jpeg",
    height: big.info.height,
    bytes: big.data,
    etag: etagOf(big.data),
  });
  return made;
}

const etagOf = (data: Buffer) => `"${crypto.createHash("sha256").update(data).digest("base64url").slice(0, 22)}"`;

export type StoredVariant = {
  bytes: Buffer;
  contentType: string;
  etag: string;
  /** False when a wider variant stands in for a standard width the upload does not have yet. */
  exact: boolean;
};

/**
 * One stored variant, or null. An upload stored before a standard width was added (720) has no
 * variant at it until addMissingUploadWidths makes one: its srcset names it all the same, so the
 * next wider variant of the format stands in (`exact: false`). An AVIF or WebP an upload does not
 * have (a job's site photo, stored as JPEG) is answered with the JPEG (`exact: false`).
 */
export async function getUploadVariant(
  db: Db,
  id: string,
  width: number,
  format: UploadFormat,
): Promise<StoredVariant | null> {
  const standard = (UPLOAD_WIDTHS as ReadonlyArray<number>).includes(width);
  const [row] = await db
    .select({ bytes: uploadVariants.bytes, etag: uploadVariants.etag, width: uploadVariants.width })
    .from(uploadVariants)
    .where(
      and(
        eq(uploadVariants.uploadId, id),
        eq(uploadVariants.format, format),
        standard ? gte(uploadVariants.width, width) : eq(uploadVariants.width, width),
      ),
    )
    .orderBy(asc(uploadVariants.width))
    .limit(1);
  if (row) return { bytes: row.bytes, etag: row.etag, contentType: CONTENT_TYPE[format], exact: row.width === width };
  // A site photo is stored as JPEG only; until a project showing it has its AVIF and WebP
  // (addProjectWebFormats), its JPEG stands in, labelled as what it is.
  if (format === "jpeg") return null;
  const jpeg = await getUploadVariant(db, id, width, "jpeg");
  return jpeg && { ...jpeg, exact: false };
}

/**
 * Makes the standard widths an upload lacks because it was stored before they existed (the 720
 * added for phones), from its largest stored JPEG, in every format it has: once, after start-up,
 * in the uploads' own queue (one image at a time, on libuv's threads). `stopped()` ends it between
 * two images (shutdown). Returns how many uploads got variants.
 */
export async function addMissingUploadWidths(db: Db, options: AddingOptions = {}): Promise<number> {
  // Only the uploads that lack a standard width below their largest and have a JPEG to make it
  // from: picked by the database, so a start with nothing to do reads no variant row into the app.
  const lacking = await queryRows<{ id: string; widths: number[]; formats: UploadFormat[] }>(
    db,
    sql`select ${uploadVariants.uploadId} as id, array_agg(distinct ${uploadVariants.width}) as widths,
          array_agg(distinct ${uploadVariants.format}::text) as formats
        from ${uploadVariants} group by ${uploadVariants.uploadId}
        having bool_or(${uploadVariants.format} = 'jpeg') and exists (
          select 1 from unnest(${sql.raw(`array[${UPLOAD_WIDTHS.join(", ")}]`)}) as standard(width)
          where standard.width < max(${uploadVariants.width}) and standard.width <> all(array_agg(${uploadVariants.width})))`,
  );
  return addToUploads(lacking, options, async ({ id, widths: storedWidths, formats: storedFormats }) => {
    const widths = new Set(storedWidths.map(Number));
    const formats = new Set(storedFormats);
    const largest = Math.max(...widths);
    const missing = variantWidths(largest).filter((w) => !widths.has(w));
    const source = await getUploadVariant(db, id, largest, "jpeg");
    if (!source) return false; // deleted meanwhile
    const made = UPLOAD_FORMATS.filter((f) => formats.has(f));
    await storeMoreVariants(db, id, () => sharp(source.bytes), missing, made);
    return true;
  });
}

/**
 * Gives the photos projects show every web format: a job's site photos are stored as JPEG only
 * (2560 px for the crew and the handover pack), and a project made from a job shows them on the
 * public site, whose pictures offer AVIF and WebP first. Makes each such upload's AVIF and WebP at
 * the project widths (up to 1200 px), from its largest JPEG decoded once, in the uploads' own queue,
 * one image at a time. Run after a project is made from a job and once after start-up (work a
 * stop interrupted); meanwhile the JPEG stands in (getUploadVariant). Returns how many uploads got
 * variants.
 */
export function addProjectWebFormats(db: Db, options: AddingOptions = {}): Promise<number> {
  // One sweep at a time in this server: a project made while the start-up sweep runs queues its
  // own, which then finds only what is still lacking (the same photo is never encoded twice here).
  const run = webFormatSweeps.then(() => sweepProjectWebFormats(db, options));
  webFormatSweeps = run.catch(() => 0);
  return run;
}

let webFormatSweeps: Promise<unknown> = Promise.resolve();

async function sweepProjectWebFormats(db: Db, options: AddingOptions): Promise<number> {
  const lacking = await queryRows<{ id: string; largest: number }>(
    db,
    sql`select shown.id, max(${uploadVariants.width})::int as largest
        from (select distinct photo->>'uploadId' as id
              from ${projects}, jsonb_array_elements(${projects.photos}) as photo) as shown
        join ${uploadVariants} on ${uploadVariants.uploadId} = shown.id and ${uploadVariants.format} = 'jpeg'
        where not exists (select 1 from ${uploadVariants} v
                          where v.upload_id = shown.id and v.format = 'avif')
        group by shown.id`,
  );
  return addToUploads(lacking, options, async ({ id, largest }) => {
    const widths = widthsForUpload(largest);
    const source = await getUploadVariant(db, id, largest, "jpeg");
    if (!source) return false; // deleted meanwhile
    // Decoded and shrunk once; each variant starts from those pixels.
    const base = await sharp(source.bytes)
      .resize({ width: widths[widths.length - 1]!, withoutEnlargement: true })
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = base.info;
    await storeMoreVariants(db, id, () => sharp(base.data, { raw: { width, height, channels } }), widths, [
      "avif",
      "webp",
    ]);
    return true;
  });
}

type AddingOptions = { stopped?: () => boolean; onError?: (id: string, error: unknown) => void };

/**
 * Adds variants to stored uploads one at a time, each in the uploads' own queue (libuv's threads),
 * until `stopped()` (shutdown): `add` answers whether the upload got any. An upload deleted between
 * the read and the insert (its variants went with it), or unreadable, is passed to `onError` and what
 * stood in for it goes on doing so. Returns how many uploads got variants.
 */
async function addToUploads<T extends { id: string }>(
  uploadsToDo: ReadonlyArray<T>,
  { stopped = () => false, onError = () => {} }: AddingOptions,
  add: (upload: T) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  for (const upload of uploadsToDo) {
    if (stopped()) break;
    try {
      if (await imageWork(() => add(upload))) done++;
    } catch (error) {
      onError(upload.id, error);
    }
  }
  return done;
}

/** Encodes `formats` at `widths` from `pixels()` (a new pipeline for each) and stores the ones not there yet. */
async function storeMoreVariants(
  db: Db,
  id: string,
  pixels: () => Sharp,
  widths: ReadonlyArray<number>,
  formats: ReadonlyArray<UploadFormat>,
): Promise<void> {
  const encoded: Array<typeof uploadVariants.$inferInsert> = [];
  for (const w of widths)
    for (const format of formats) {
      const { data, info } = await ENCODE[format](pixels().resize({ width: w })).toBuffer({ resolveWithObject: true });
      encoded.push({ uploadId: id, width: w, format, height: info.height, bytes: data, etag: etagOf(data) });
    }
  await db.transaction(async (tx) => {
    for (const variant of encoded) await tx.insert(uploadVariants).values(variant).onConflictDoNothing();
  });
}

/** A project row that shows this upload: as its image or as one of its photos. */
const projectShows = (id: string) =>
  sql`(${projects.imageSrc} like ${`/uploads/${id}-%`} or ${projects.photos} @> ${JSON.stringify([{ uploadId: id }])}::jsonb)`;
/** A blog post row that shows this upload as its cover. */
const postShows = (id: string) => sql`${posts.coverImage} like ${`/uploads/${id}-%`}`;

/** Whether any project (its image or any of its photos) or blog post still shows this upload. */
const usedOnTheSite = (id: string) =>
  sql`(exists (select 1 from ${projects} where ${projectShows(id)}) or exists (select 1 from ${posts} where ${postShows(id)}))`;

/** Whether anything still uses this upload: the site (usedOnTheSite) or a job's site photo. */
const stillUsed = (id: string) =>
  sql`(${usedOnTheSite(id)} or exists (select 1 from ${jobPhotos} where ${jobPhotos.uploadId} = ${id}))`;

/**
 * The job whose site photo this upload is, when no project or blog post shows it: such a photo of a
 * client's premises is served to staff who may open that job only (GET /uploads/<id>). Null for
 * every other upload, and for a site photo once a project shows it (staff chose to publish it).
 */
export async function privateSitePhotoJob(db: Db, id: string): Promise<number | null> {
  // The index lookup first, on its own: most uploads asked for are the site's own images, with no
  // job photo. (In one statement, PostgreSQL runs usedOnTheSite's subqueries, which do not depend on
  // the row, once before the lookup: every image asked for scanned the projects and posts.)
  const [photo] = await db
    .select({ jobId: jobPhotos.jobId })
    .from(jobPhotos)
    .where(eq(jobPhotos.uploadId, id))
    .limit(1);
  if (!photo) return null;
  const [shown] = await queryRows<{ yes: boolean }>(db, sql`select ${usedOnTheSite(id)} as yes`);
  return shown?.yes ? null : photo.jobId;
}

/**
 * After a project's image was replaced or the project deleted: removes the upload its old image
 * path pointed to, unless another project, a post or a job's photo still uses it. A project made
 * from a job shows the job's own photo uploads, and removing one would take the job's photo with it.
 */
export async function deleteUploadIfUnused(db: Db, oldSrc: string | null | undefined): Promise<void> {
  const parsed = oldSrc ? parseUploadSrc(oldSrc) : null;
  if (!parsed) return;
  await deleteUnusedUpload(db, parsed.id);
}

/** Removes an upload, and so every stored variant of it, unless anything still uses it. */
export async function deleteUnusedUpload(db: Db, id: string): Promise<void> {
  await db.delete(uploads).where(and(eq(uploads.id, id), sql`not ${stillUsed(id)}`));
}

export type SiteUse = { kind: "project" | "post"; title: string };

/** The projects and blog posts that show this upload (usedOnTheSite's tests), to name them. */
export async function siteUsesOfUpload(db: Db, id: string): Promise<SiteUse[]> {
  const onProjects = await db
    .select({ title: projects.title })
    .from(projects)
    .where(projectShows(id))
    .orderBy(asc(projects.id));
  const onPosts = await db.select({ title: posts.title }).from(posts).where(postShows(id)).orderBy(asc(posts.id));
  return [
    ...onProjects.map((p) => ({ kind: "project" as const, title: p.title })),
    ...onPosts.map((p) => ({ kind: "post" as const, title: p.title })),
  ];
}

/** Uploads no project, post or job photo uses a day after they were made (a form that was cancelled). */
export async function deleteAbandonedUploads(db: Db, olderThan = new Date(Date.now() - 86_400_000)): Promise<number> {
  const removed = await db
    .delete(uploads)
    .where(
      and(
        lt(uploads.createdAt, olderThan),
        sql`not exists (select 1 from ${projects} where ${projects.imageSrc} like '/uploads/' || ${uploads.id} || '-%' or ${projects.photos} @> jsonb_build_array(jsonb_build_object('uploadId', ${uploads.id})))`,
        sql`not exists (select 1 from ${posts} where ${posts.coverImage} like '/uploads/' || ${uploads.id} || '-%')`,
        sql`not exists (select 1 from ${jobPhotos} where ${jobPhotos.uploadId} = ${uploads.id})`,
      ),
    )
    .returning({ id: uploads.id });
  return removed.length;
}
