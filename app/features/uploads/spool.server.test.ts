import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  fileHead,
  removeAbandonedTempSpools,
  removeLeftoverSpoolFiles,
  SPOOL_FOLDER,
  SPOOL_MESSAGES,
  spoolBody,
  spooledBody,
  spoolPlace,
} from "./spool.server";

const LIMIT = 64 * 1024;
const TOO_LARGE = "The photo is too large: at most 64 KB.";

let dir: string;
let server: http.Server;
let origin: string;
/** What the handler saw of each body: its size and hash, read from the spooled file. */
let seen: Array<{ size: number; sha: string; onDisk: boolean }>;

async function serve(minFreeBytes = 0) {
  const app = express();
  app.post("/upload", spoolBody({ dir, limit: LIMIT, tooLarge: TOO_LARGE, minFreeBytes }), (_req, res) => {
    const body = spooledBody(res);
    const bytes = fs.readFileSync(body.path);
    seen.push({ size: body.size, sha: sha(bytes), onDisk: fs.existsSync(body.path) });
    res.status(201).json({ size: body.size });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const sha = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

/** Sends `chunks` as a chunked body (no Content-Length, so the limit is found only while reading). */
function postChunked(chunks: Buffer[]): Promise<{ status: number; body: { message?: string; size?: number } }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}/upload`,
      { method: "POST", headers: { "content-type": "image/jpeg" } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

/** Waits until the spool folder is empty (the file goes once the answer is sent). */
async function spoolEmptied() {
  await expect.poll(() => fs.readdirSync(dir), { timeout: 2_000, interval: 10 }).toEqual([]);
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "spool-test-"));
  seen = [];
});
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("spoolBody", () => {
  it("hands the handler the whole body in a file, and removes the file once answered", async () => {
    await serve();
    const chunks = [crypto.randomBytes(20_000), crypto.randomBytes(30_000), crypto.randomBytes(LIMIT - 50_000)];
    const answer = await postChunked(chunks);
    expect(answer).toEqual({ status: 201, body: { size: LIMIT } });
    expect(seen).toEqual([{ size: LIMIT, sha: sha(Buffer.concat(chunks)), onDisk: true }]);
    await spoolEmptied();
  });

  it("answers 413 once a body without a length passes the limit, and keeps none of it", async () => {
    await serve();
    const answer = await postChunked([
      crypto.randomBytes(40_000),
      crypto.randomBytes(40_000),
      crypto.randomBytes(40_000),
    ]);
    expect(answer).toEqual({ status: 413, body: { message: TOO_LARGE } });
    expect(seen).toEqual([]);
    await spoolEmptied();
  });

  it("answers 503 before writing when the disk would keep less than the database's room", async () => {
    await serve(Number.MAX_SAFE_INTEGER);
    const answer = await postChunked([crypto.randomBytes(1_000)]);
    expect(answer).toEqual({ status: 503, body: { message: SPOOL_MESSAGES.disk } });
    expect(seen).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("removes what arrived of a body whose sender went away, and calls no handler", async () => {
    await serve();
    const req = http.request(`${origin}/upload`, { method: "POST", headers: { "content-type": "image/jpeg" } });
    req.on("error", () => {});
    req.write(crypto.randomBytes(30_000));
    await expect.poll(() => fs.readdirSync(dir).length, { timeout: 2_000, interval: 10 }).toBe(1);
    req.destroy();
    await spoolEmptied();
    expect(seen).toEqual([]);
  });
});

describe("removeLeftoverSpoolFiles", () => {
  it("removes files an hour old or more (a killed server's) and keeps newer ones (another request's)", () => {
    const old = path.join(dir, "old.part");
    const fresh = path.join(dir, "fresh.part");
    fs.writeFileSync(old, "left behind");
    fs.writeFileSync(fresh, "being received");
    const now = Date.now();
    fs.utimesSync(old, new Date(now - 3_600_000), new Date(now - 3_600_000));
    expect(removeLeftoverSpoolFiles(dir, now)).toBe(1);
    expect(fs.readdirSync(dir)).toEqual(["fresh.part"]);
    expect(removeLeftoverSpoolFiles(path.join(dir, "missing"))).toBe(0);
  });
});

describe("spoolPlace", () => {
  it("is DATA_DIR/incoming, keeping DATA_DIR_MIN_FREE_MB for the database", () => {
    const place = spoolPlace({ DATA_DIR: path.join(dir, "data"), DATA_DIR_MIN_FREE_MB: 64 });
    expect(place).toEqual({ dir: path.join(dir, "data", SPOOL_FOLDER), minFreeBytes: 64 * 2 ** 20 });
    expect(fs.statSync(place.dir).isDirectory()).toBe(true);
  });

  it("is a temp folder when DATA_DIR cannot be written, so uploads still work", () => {
    const blocked = path.join(dir, "a-file");
    fs.writeFileSync(blocked, "not a folder");
    const place = spoolPlace({ DATA_DIR: blocked, DATA_DIR_MIN_FREE_MB: 64 });
    expect(place.dir.startsWith(os.tmpdir())).toBe(true);
    expect(fs.statSync(place.dir).isDirectory()).toBe(true);
    fs.rmSync(place.dir, { recursive: true, force: true });
  });
});

describe("removeAbandonedTempSpools", () => {
  it("removes the temp spool folders of servers no longer running, and only those", () => {
    const parent = path.join(dir, "tmp");
    const ended = spawnSync(process.execPath, ["-e", ""]).pid; // a process id nobody runs now
    for (const name of [`ic-interiors-incoming-${ended}`, `ic-interiors-incoming-${process.ppid}`, "other-app-1"]) {
      fs.mkdirSync(path.join(parent, name), { recursive: true });
      fs.writeFileSync(path.join(parent, name, "photo.part"), "x");
    }
    fs.mkdirSync(path.join(parent, `ic-interiors-incoming-${process.pid}`));

    expect(removeAbandonedTempSpools(parent)).toBe(1);
    expect(fs.readdirSync(parent).sort()).toEqual(
      [`ic-interiors-incoming-${process.pid}`, `ic-interiors-incoming-${process.ppid}`, "other-app-1"].sort(),
    );
    expect(removeAbandonedTempSpools(path.join(dir, "missing"))).toBe(0);
  });
});

describe("fileHead", () => {
  it("reads a file's first bytes, or all of a shorter one", async () => {
    const file = path.join(dir, "photo.part");
    fs.writeFileSync(file, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    expect([...(await fileHead(file, 3))]).toEqual([0xff, 0xd8, 0xff]);
    expect((await fileHead(file)).length).toBe(7);
  });
});
