import fs from "node:fs";
import zlib from "node:zlib";
import { z } from "zod";

/**
 * The backup file: gzip-compressed NDJSON (one JSON value per line), the same whichever database
 * wrote it and whichever reads it, because it holds rows as PostgreSQL's own JSON for them
 * (row_to_json) rather than anything engine-specific:
 *
 *   line 1            header: format, version, when, the schema migration it was taken at, and
 *                     every table (columns, primary key, row count) in the order they follow
 *   per table         {"table": name}, then its rows in primary-key order, one JSON object a line
 *                     (uploaded images are rows of upload_variants: bytea as "\x…" hex)
 *   last line         trailer: each table's SHA-256 over its row lines, and one over every line
 *                     before the trailer
 *
 * gzip's CRC catches damaged bytes; the trailer catches a file cut short or edited; the header's
 * row counts tell where each table ends. `zcat FILE | head -1` shows what a file holds.
 */
export const BACKUP_FORMAT = "ic-interiors-site-backup";
export const BACKUP_FORMAT_VERSION = 1;

export const BackupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  /** The database the backup was taken from (for people reading the header; restore ignores it). */
  source: z.string(),
  /** The last schema migration applied when the backup was taken (drizzle-kit journal tag and `when`). */
  migration: z.object({ tag: z.string(), when: z.number().int() }),
  tables: z
    .array(
      z.object({
        name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
        columns: z.array(z.string().min(1)).min(1),
        primaryKey: z.array(z.string().min(1)).min(1),
        rows: z.number().int().min(0),
      }),
    )
    .min(1),
});
export type BackupHeader = z.infer<typeof BackupHeaderSchema>;

export const TableMarkerSchema = z.object({ table: z.string() }).strict();

export const BackupTrailerSchema = z
  .object({
    end: z.literal(true),
    tables: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict();
export type BackupTrailer = z.infer<typeof BackupTrailerSchema>;

/** A backup file that cannot be restored: damaged, cut short, not a backup, or from a newer app. */
export class BackupFileError extends Error {
  constructor(file: string, problem: string) {
    super(`${file} cannot be restored: ${problem}. Nothing was changed.`);
    this.name = "BackupFileError";
  }
}

export type BackupTrigger = "manual" | "scheduled";

/** backup-2026-11-24T03-00-00.000Z-scheduled.ndjson.gz: names sort by time; colons are awkward in file names. */
export function backupFileName(at: Date, trigger: BackupTrigger): string {
  return `backup-${at.toISOString().replace(/:/g, "-")}-${trigger}.ndjson.gz`;
}

export const SCHEDULED_BACKUP_FILE = /^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-scheduled\.ndjson\.gz$/;

/** A row line longer than this is refused rather than buffered (the largest real row, an image, is ~1 MB). */
const MAX_LINE_CHARS = 64 * 1024 * 1024;

/**
 * The file's lines, decompressed as they are read. zlib's errors (a truncated file, a bad CRC,
 * not gzip at all) become a BackupFileError naming the problem.
 */
export async function* readBackupLines(file: string): AsyncGenerator<string> {
  const gunzip = zlib.createGunzip();
  const source = fs.createReadStream(file);
  source.on("error", (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  gunzip.setEncoding("utf8");
  let pending = "";
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      pending += chunk;
      let newline = pending.indexOf("\n");
      while (newline >= 0) {
        yield pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        newline = pending.indexOf("\n");
      }
      if (pending.length > MAX_LINE_CHARS) throw new BackupFileError(file, "a line is too long to be a backup row");
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(file, describeReadError(error as NodeJS.ErrnoException));
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  if (pending.length > 0) yield pending;
}

function describeReadError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case "ENOENT":
      return "there is no such file";
    case "EISDIR":
      return "it is a folder, not a backup file";
    case "EACCES":
      return "permission denied";
    case "Z_BUF_ERROR":
      return "the file is truncated (it ends in the middle of the compressed data)";
    case "Z_DATA_ERROR":
      return /header/i.test(error.message)
        ? "it is not a backup file (not gzip-compressed)"
        : `the file is corrupt (${error.message})`;
    default:
      return `it could not be read (${error.message})`;
  }
}
