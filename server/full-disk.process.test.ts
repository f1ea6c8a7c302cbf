import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { DISK_RESERVE_BYTES, DISK_RESERVE_FILE } from "~/db/disk-reserve.server";
import { contactSubmissions } from "~/db/schema";
import { copyEmbeddedTemplate } from "../tests/support/database-templates";
import { stopServer, useServerProcesses } from "../tests/support/server-process";
import { makeTempDir } from "../tests/support/test-database";
import { killTree } from "../tests/support/kill-tree";

const servers = useServerProcesses();

// Both embedded databases: PostgreSQL (the default) and PGlite. This file starts its own servers
// whatever TEST_DATABASE says, so it runs once (see vitest.config.ts).
const ENGINES = ["postgres", "pglite"] as const;

// A new embedded database takes ~41 MB (~60 MB after a crash recovery's new WAL segment) and the
// disk reserve 32 MB; the rest of the volume is the room the test fills.
const VOLUME_MB = 160;
const MIN_FREE_MB = 24;
const START_TIMEOUT_MS = 45_000;

/** Mounts a small tmpfs at dir; answers why not when the machine forbids it. */
function mountTmpfs(dir: string): string | null {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${VOLUME_MB}m`, "tmpfs", dir], { stdio: "pipe" });
    return null;
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return stderr || (error as Error).message;
  }
}

function freeBytes(dir: string): number {
  const stats = fs.statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/** Writes a filler file until only `leaveBytes` are free (0: until the disk says ENOSPC). */
function fill(file: string, leaveBytes: number) {
  const fd = fs.openSync(file, "a");
  const chunk = Buffer.alloc(1 << 20, 1);
  try {
    for (;;) {
      const room = freeBytes(path.dirname(file)) - leaveBytes;
      if (room <= 0) break;
      fs.writeSync(fd, chunk, 0, Math.min(chunk.length, room));
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    fs.closeSync(fd);
  }
}

type Lead = { name: string; email: string; message: string };
type Answer = { status: number; id?: number; message?: string; ms: number };

async function postLead(origin: string, lead: Lead): Promise<Answer> {
  const startedAt = performance.now();
  const res = await fetch(`${origin}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(lead),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json()) as { id?: number; message?: string; error?: string };
  return { status: res.status, id: body.id, message: body.message ?? body.error, ms: performance.now() - startedAt };
}

const lead = (n: number): Lead => ({
  name: `Full Disk ${n}`,
  email: `full.disk.${n}@example.ie`,
  message: `Enquiry ${n}: we need a suspended ceiling for a 200 m² office. `.repeat(20),
});

describe.each(ENGINES)("a full disk under the embedded database (%s)", (engine) => {
  it(
    "answers leads with a quick 503 while DATA_DIR's disk is full, keeps what was stored, and takes leads again once space is freed",
    { timeout: 4 * START_TIMEOUT_MS },
    async (ctx) => {
      const mountPoint = makeTempDir("ic-full-disk-");
      const refused = mountTmpfs(mountPoint);
      if (refused) {
        fs.rmSync(mountPoint, { recursive: true, force: true });
        if (process.env.CI === "true")
          throw new Error(`The full-disk test must run in CI, but mounting failed: ${refused}`);
        console.info(`Skipped the full-disk test: this machine does not allow mounting a tmpfs (${refused})`);
        ctx.skip();
      }
      const dataDir = path.join(mountPoint, "data");
      // A migrated database to start from, the size a first start leaves (a first start, with
      // PGlite's initdb in WebAssembly, is not what this test is about).
      fs.mkdirSync(dataDir);
      await copyEmbeddedTemplate(engine, dataDir);
      const filler = path.join(mountPoint, "filler");
      const reserveFile = path.join(dataDir, DISK_RESERVE_FILE);
      const env = {
        DATA_DIR: dataDir,
        EMBEDDED_DB: engine,
        DATA_DIR_MIN_FREE_MB: String(MIN_FREE_MB),
        RATE_LIMIT_FACTOR: "100000",
        SEED_DEMO_CONTENT: "false",
      };
      try {
        let server = await servers.startHealthy(env, START_TIMEOUT_MS);
        expect(fs.statSync(reserveFile).size).toBe(DISK_RESERVE_BYTES);

        const stored = new Map<number, Lead>();
        for (let n = 0; n < 10; n++) {
          const answer = await postLead(server.origin, lead(n));
          expect(answer.status).toBe(201);
          stored.set(answer.id!, lead(n));
        }

        // Nearly full: less than DATA_DIR_MIN_FREE_MB left (PGlite would hang at its next WAL segment).
        fill(filler, 8 * 2 ** 20);
        const nearlyFull = await Promise.all(
          Array.from({ length: 10 }, (_, i) => postLead(server.origin, lead(100 + i))),
        );
        // Full: not one byte left.
        fill(filler, 0);
        expect(freeBytes(mountPoint)).toBeLessThan(64 * 1024);
        const full: Answer[] = [];
        for (let n = 200; n < 220; n++) full.push(await postLead(server.origin, lead(n)));
        const refusedAnswers = [...nearlyFull, ...full];
        console.info(
          `full disk (${engine}): ${refusedAnswers.filter((a) => a.status === 503).length} of ${refusedAnswers.length} leads answered 503, ` +
            `slowest ${Math.round(Math.max(...refusedAnswers.map((a) => a.ms)))} ms; ${freeBytes(mountPoint)} bytes free`,
        );
        for (const a of refusedAnswers) {
          expect(a.status).toBe(503);
          expect(a.message).toMatch(/could not save your enquiry just now.*call us/i);
          expect(a.ms).toBeLessThan(2_000);
        }
        // The site itself stays up: the database still answers reads.
        expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);

        // kill -9 while the disk is full, and start again on the full disk.
        killTree(server.proc.pid!);
        await server.exited;
        // It starts because the disk reserve gives crash recovery its room back (PostgreSQL must
        // create a new WAL segment after replaying), and the reserve's room is still not for leads.
        server = await servers.startHealthy(env, START_TIMEOUT_MS);
        expect(server.output()).toMatch(/released the 32 MB disk reserve so the database can start/);
        expect(fs.existsSync(reserveFile)).toBe(false);
        expect((await postLead(server.origin, lead(300))).status).toBe(503);

        // Space freed: leads are taken again without a restart.
        fs.rmSync(filler);
        for (let n = 400; n < 405; n++) {
          const answer = await postLead(server.origin, lead(n));
          expect(answer.status, `${answer.message}\n${server.output().slice(-3000)}`).toBe(201);
          stored.set(answer.id!, lead(n));
        }
        expect(fs.statSync(reserveFile).size).toBe(DISK_RESERVE_BYTES); // made again before the first write

        expect(await stopServer(server), server.output()).toBe(0);
        const database = await openDatabase({ dataDir, embedded: engine });
        try {
          const rows = await database.db
            .select({
              id: contactSubmissions.id,
              name: contactSubmissions.name,
              email: contactSubmissions.email,
              message: contactSubmissions.message,
            })
            .from(contactSubmissions)
            .where(inArray(contactSubmissions.id, [...stored.keys()]));
          expect(rows.sort((a, b) => a.id - b.id)).toEqual(
            [...stored].map(([id, l]) => ({ id, name: l.name, email: l.email, message: l.message.trim() })),
          );
          expect(await database.db.$count(contactSubmissions)).toBe(stored.size);
        } finally {
          await database.close();
        }
      } finally {
        await servers.killAll(); // before the volume goes
        execFileSync("umount", [mountPoint]);
        fs.rmSync(mountPoint, { recursive: true, force: true });
      }
    },
  );
});
