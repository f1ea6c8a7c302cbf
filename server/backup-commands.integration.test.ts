import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer, waitUntilHealthy, runServerCommand, type ServerProcess } from "../tests/support/server-process";
import { createEmptyTarget, makeTempDir, usePostgres, type TestTarget } from "../tests/support/test-database";

// `npm run backup` and `npm run restore` as an operator runs them (node server.js backup|restore)
// next to a running production server, and the server's own scheduled backups. Server start-ups
// and embedded restores take several seconds each on a busy machine, hence the longer timeout.
const SLOW = 300_000;
const targets: TestTarget[] = [];
const servers: ServerProcess[] = [];
let site: TestTarget;
let server: ServerProcess;
let backupDir: string;
let scheduledDir: string;
// The server takes a scheduled backup every second, keeping the newest three.
const everySecond = { BACKUP_SCHEDULE: "* * * * * *", BACKUP_KEEP: "3" };

async function emptyTarget() {
  const target = await createEmptyTarget();
  targets.push(target);
  return target;
}

async function startServer(env: Record<string, string | undefined>) {
  const started = await spawnServer({ RATE_LIMIT_FACTOR: "1000", ...env });
  servers.push(started);
  await waitUntilHealthy(started, 240_000);
  return started;
}

async function stop(s: ServerProcess) {
  if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill("SIGTERM");
  await s.exited;
}

beforeAll(async () => {
  site = await emptyTarget();
  backupDir = makeTempDir("ic-backups-");
  scheduledDir = makeTempDir("ic-scheduled-");
  server = await startServer({ ...site.env, ...everySecond, BACKUP_DIR: scheduledDir });
}, SLOW);
afterAll(async () => {
  for (const s of servers) await stop(s);
  for (const t of targets) await t.dispose();
  fs.rmSync(backupDir, { recursive: true, force: true });
  fs.rmSync(scheduledDir, { recursive: true, force: true });
});

describe("npm run backup / npm run restore", { timeout: SLOW }, () => {
  it("backs up while the server runs and prints the file's path; the file restores into an empty database", async () => {
    // With the embedded database the running server holds the only connection: the command asks it.
    const backup = await runServerCommand(["backup"], { ...site.env, BACKUP_DIR: backupDir });
    expect(backup.stderr).toMatch(/^Backed up \d+ rows in \d+ tables/);
    expect(backup.code).toBe(0);
    const file = backup.stdout.trim();
    expect(path.dirname(file)).toBe(backupDir);
    expect(fs.existsSync(file)).toBe(true);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);

    const target = await emptyTarget();
    const restored = await runServerCommand(["restore", file], target.env);
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toMatch(/^Restored \d+ rows in \d+ tables from .+ into (DATA_DIR|PostgreSQL) /);
    expect(restored.code).toBe(0);

    const again = await runServerCommand(["restore", file], target.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/The target database is not empty .* add --force to replace everything/);
    const forced = await runServerCommand(["restore", file, "--force"], target.env);
    expect(forced.code).toBe(0);
  });

  it("refuses to restore into the running server's database, and a file that is not a backup", async () => {
    const file = path.join(backupDir, "notes.txt");
    fs.writeFileSync(file, "not a backup");
    const bad = await runServerCommand(["restore", file], (await emptyTarget()).env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/notes\.txt cannot be restored: it is not a backup file \(not gzip-compressed\)/);

    const backup = await runServerCommand(["backup"], { ...site.env, BACKUP_DIR: backupDir });
    const onRunning = await runServerCommand(["restore", backup.stdout.trim()], site.env);
    expect(onRunning.code).toBe(1);
    expect(onRunning.stderr).toMatch(usePostgres ? /not empty/ : /in use by another server/);

    const usage = await runServerCommand(["restore"], site.env);
    expect(usage.code).toBe(2);
  });
});

describe("scheduled backups", { timeout: SLOW }, () => {
  it("runs on BACKUP_SCHEDULE, keeps the newest BACKUP_KEEP, and one server per scheduled time takes it", async () => {
    const scheduled = (dir: string) => fs.readdirSync(dir).filter((n) => n.endsWith("-scheduled.ndjson.gz"));
    const written = (s: ServerProcess) => s.output().split("scheduled backup written").length - 1;
    const manual = await runServerCommand(["backup"], { ...site.env, BACKUP_DIR: scheduledDir });
    expect(manual.code).toBe(0);
    // On PostgreSQL a second server shares the database, with its own BACKUP_DIR.
    const otherDir = makeTempDir("ic-scheduled-b-");
    const running = [server];
    if (usePostgres) running.push(await startServer({ ...site.env, ...everySecond, BACKUP_DIR: otherDir }));
    const deadline = Date.now() + 60_000;
    const total = () => running.reduce((n, s) => n + written(s), 0);
    const before = total();
    while (total() < before + 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    await Promise.all(running.map(stop));

    expect(total()).toBeGreaterThanOrEqual(5);
    // Retention: the newest three scheduled files in each folder; the manual backup is kept.
    for (const [i, dir] of [scheduledDir, otherDir].slice(0, running.length).entries())
      expect(scheduled(dir).length).toBe(Math.min(3, written(running[i]!)));
    expect(fs.existsSync(manual.stdout.trim())).toBe(true);
    if (usePostgres) {
      // Each scheduled time was taken by one server only: the other logged that it left it.
      const names = [...scheduled(scheduledDir), ...scheduled(otherDir)];
      expect(new Set(names).size).toBe(names.length);
      const skipped = running.reduce(
        (n, s) => n + s.output().split("another server sharing the database is taking it").length - 1,
        0,
      );
      expect(skipped).toBeGreaterThan(0);
    }
    fs.rmSync(otherDir, { recursive: true, force: true });
  });
});
