import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import type { RequestHandler, Response } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { freeBytes } from "~/db/disk-reserve.server";
import type { Env } from "~/env.server";

/** A request body written to a file as it arrived: never held in the server's memory whole. */
export type SpooledBody = { path: string; size: number };

/** The folder under DATA_DIR that holds request bodies while they are worked on. */
export const SPOOL_FOLDER = "incoming";

/** A folder that receives request bodies, and the room spoolBody leaves free on its disk. */
export type SpoolPlace = { dir: string; minFreeBytes: number };

/**
 * Where this server spools bodies (made here, once: AppServices.uploadSpool): DATA_DIR/incoming,
 * leaving DATA_DIR_MIN_FREE_MB for the database, or a folder of this process's in the system's
 * temp folder when DATA_DIR cannot be written (a server on DATABASE_URL may run with a read-only
 * working folder).
 */
export function spoolPlace(env: Pick<Env, "DATA_DIR" | "DATA_DIR_MIN_FREE_MB">): SpoolPlace {
  const dir = path.join(env.DATA_DIR, SPOOL_FOLDER);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    return { dir, minFreeBytes: env.DATA_DIR_MIN_FREE_MB * 2 ** 20 };
  } catch {
    removeAbandonedTempSpools(os.tmpdir());
    const temporary = path.join(os.tmpdir(), `${TEMP_SPOOL_PREFIX}${process.pid}`);
    fs.mkdirSync(temporary, { recursive: true, mode: 0o700 });
    return { dir: temporary, minFreeBytes: 0 };
  }
}

/** The temp spool folders' names: the prefix, then the process id of the server that made it. */
const TEMP_SPOOL_PREFIX = "ic-interiors-incoming-";

/**
 * Removes the temp spool folders (spoolPlace's fallback) of servers no longer running: a killed
 * server's folder is named after its process id, which the next server does not share, so its
 * files were never cleaned up. A folder of a running server (another instance on this machine) or
 * of another user is left alone. Answers how many were removed.
 */
export function removeAbandonedTempSpools(parent: string, isRunning = processIsRunning): number {
  return removeEntries(parent, (name, folder) => {
    if (!name.startsWith(TEMP_SPOOL_PREFIX)) return false;
    const pid = Number(name.slice(TEMP_SPOOL_PREFIX.length));
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || isRunning(pid)) return false;
    return !process.getuid || fs.statSync(folder).uid === process.getuid();
  });
}

/** Whether a process with this id exists (signal 0 checks without sending anything). */
function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A file left there by a server that was killed mid-request is removed at the next start. */
const LEFTOVER_MS = 3_600_000;

export const SPOOL_MESSAGES = {
  disk: "The server's disk is too full to take this upload just now. Nothing was stored; please try again later.",
} as const;

class TooLarge extends Error {}

/**
 * Express middleware: writes the raw request body to a new file in `dir` (spoolPlace's) as it
 * arrives (at most `limit` bytes, else 413 with `tooLarge`, before reading any of it when
 * Content-Length says so), then puts `{ path, size }` in `res.locals.spooled`. The file is removed
 * once the response is sent or the connection closes.
 *
 * Why: a 12 MP phone photo is 3–4 MB, and a body read into memory (express.raw) is held twice
 * while it arrives (its chunks, then one Buffer) and then until the garbage collector comes by;
 * ten photos sent at once, each waiting its turn for the image work, held 35–70 MB of the
 * server's memory. sharp reads the file itself.
 *
 * Before a byte is written, the disk must keep `minFreeBytes` free beyond `limit`
 * (DATA_DIR_MIN_FREE_MB, the database's room); else 503.
 */
export function spoolBody(options: SpoolPlace & { limit: number; tooLarge: string }): RequestHandler {
  const { dir, limit, tooLarge, minFreeBytes } = options;
  return (req, res, next) => {
    if (Number(req.get("content-length") ?? 0) > limit) return sendApiError(res, 413, tooLarge);
    if (freeBytes(dir) < minFreeBytes + limit) return sendApiError(res, 503, SPOOL_MESSAGES.disk);
    const file = path.join(dir, `${crypto.randomBytes(16).toString("hex")}.part`);
    let size = 0;
    let settled = false;
    const out = fs.createWriteStream(file, { flags: "wx", mode: 0o600 });
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(size > limit ? new TooLarge() : null, chunk);
      },
    });
    const remove = () => fs.rm(file, { force: true }, () => {});
    res.once("close", remove);
    /** Stops reading and writing; Node discards the rest of the body once the answer is sent. */
    const stop = (answer?: () => void) => {
      if (settled) return;
      settled = true;
      req.unpipe(counter);
      counter.unpipe(out);
      out.destroy();
      remove();
      answer?.();
    };
    counter.once("error", (error) =>
      stop(() => (error instanceof TooLarge ? sendApiError(res, 413, tooLarge) : next(error))),
    );
    out.once("error", (error: NodeJS.ErrnoException) =>
      stop(() =>
        error.code === "ENOSPC" || error.code === "EDQUOT" ? sendApiError(res, 503, SPOOL_MESSAGES.disk) : next(error),
      ),
    );
    // The visitor went before the body was whole: nothing to answer.
    req.once("close", () => {
      if (!req.complete) stop();
    });
    out.once("finish", () => {
      if (settled) return;
      settled = true;
      res.locals.spooled = { path: file, size } satisfies SpooledBody;
      next();
    });
    req.pipe(counter).pipe(out);
  };
}

/** The body `spoolBody` wrote for this request. */
export function spooledBody(res: Response): SpooledBody {
  return res.locals.spooled as SpooledBody;
}

/** At start: removes what a killed server left in the spool folder (an hour old or more). */
export function removeLeftoverSpoolFiles(dir: string, now = Date.now()): number {
  return removeEntries(dir, (_name, file) => now - fs.statSync(file).mtimeMs >= LEFTOVER_MS);
}

/** Removes the entries of `dir` (files, or folders with what is in them) that `remove` picks; answers how many. */
function removeEntries(dir: string, remove: (name: string, entry: string) => boolean): number {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const entry = path.join(dir, name);
    try {
      if (!remove(name, entry)) continue;
      fs.rmSync(entry, { recursive: true, force: true });
      removed++;
    } catch {
      // gone meanwhile, or not ours to remove
    }
  }
  return removed;
}

/** The first bytes of a file, for sniffing its type. */
export async function fileHead(file: string, bytes = 64): Promise<Buffer> {
  const handle = await fs.promises.open(file, "r");
  try {
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(head, 0, bytes, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
