import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach } from "vitest";
// The Node flags `npm start` runs the server with (package.json `config.node_options`: the V8 heap
// cap) and its malloc settings (`config.malloc_arena_max`, `config.malloc_mmap_threshold`).
import { SERVE_NODE_OPTIONS, serveMallocEnv } from "../../scripts/production-server.mjs";
import { copyEmbeddedTemplate } from "./database-templates";
import { killTree } from "./kill-tree";
import { makeTempDir } from "./test-database";

export type ServerProcess = {
  proc: ChildProcess;
  origin: string;
  output: () => string;
  exited: Promise<number | null>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the production server (`node server.js`) as its own process, as `npm start` does after
 * building (with its Node flags, unless `env` sets NODE_OPTIONS).
 */
export async function spawnServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const port = await freePort();
  let out = "";
  const proc = spawn(process.execPath, [path.resolve("server.js")], {
    env: {
      ...process.env,
      NODE_OPTIONS: SERVE_NODE_OPTIONS,
      ...serveMallocEnv(),
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout.on("data", (d) => (out += d));
  proc.stderr.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  return { proc, origin: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Resolves when `check` (/healthz, or /readyz) answers 200; rejects if the process exits first or it takes too long. */
export async function waitUntilHealthy(
  server: ServerProcess,
  timeoutMs = 20_000,
  check: "/healthz" | "/readyz" = "/healthz",
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((c) => (exitCode = c));
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`server exited (${exitCode}) before becoming healthy:\n${server.output()}`);
    try {
      const res = await fetch(`${server.origin}${check}`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

/** How many project images the site's home page shows (8 with the demo content seeded). */
export async function homeProjectImages(origin: string): Promise<number> {
  const html = await (await fetch(`${origin}/`)).text();
  return (html.match(/src="\/images\/projects\//g) ?? []).length;
}

/** Sends the server SIGTERM (a clean stop); its exit code. */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  server.proc.kill("SIGTERM");
  return server.exited;
}

/**
 * The servers a test file starts, with what each test leaves behind. Call it once at the top of
 * the file: after each test, every server still running is killed with every process it started
 * (its embedded PostgreSQL), then the clean-ups run, the last registered first (a temporary folder's
 * removal is one).
 */
export function useServerProcesses() {
  const started: ServerProcess[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];
  /** Kills (SIGKILL) each server started and still running, with its processes; waits for their exit. */
  const killAll = async () => {
    const running = started.splice(0).filter((s) => s.proc.exitCode === null && s.proc.signalCode === null);
    for (const s of running) killTree(s.proc.pid!);
    await Promise.all(running.map((s) => s.exited));
  };
  afterEach(async () => {
    await killAll();
    // Last registered first, as with `defer`: what was set up later (on a folder) goes before it.
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  const start = async (env: Record<string, string | undefined>): Promise<ServerProcess> => {
    const server = await spawnServer(env);
    started.push(server);
    return server;
  };
  const tempDir = (prefix?: string): string => {
    const dir = makeTempDir(prefix);
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  return {
    /** spawnServer(env), killed after the test if still running. */
    start,
    /** start(env), then wait until /healthz answers. */
    async startHealthy(env: Record<string, string | undefined>, timeoutMs?: number): Promise<ServerProcess> {
      const server = await start(env);
      await waitUntilHealthy(server, timeoutMs);
      return server;
    },
    killAll,
    /** A new temporary folder, removed after the test. */
    tempDir,
    /**
     * A new temporary folder (removed after the test) holding a migrated, empty embedded database
     * of `engine`, as a DATA_DIR is after a first start: for tests of what a running server does,
     * not of a first start (database-templates.ts).
     */
    async migratedDataDir(engine: "postgres" | "pglite"): Promise<string> {
      const dir = tempDir();
      await copyEmbeddedTemplate(engine, dir);
      return dir;
    },
    /** Runs `cleanup` after the test (after the servers are killed). */
    afterTest(cleanup: () => Promise<void> | void) {
      cleanups.push(cleanup);
    },
  };
}

/**
 * Runs one of the server's commands (`node server.js <command> …`) to the end; its exit code and
 * output. `input`, when given, is piped to its standard input; either way the input then ends.
 */
export function runServerCommand(
  args: string[],
  env: Record<string, string | undefined>,
  input?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [path.resolve("server.js"), ...args], {
    env: { ...process.env, DATABASE_URL: undefined, NODE_ENV: "production", LOG_LEVEL: "error", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdin.end(input ?? "");
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  // "close", not "exit": the output streams are complete only then.
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}
