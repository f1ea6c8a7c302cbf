import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDirLock, DataDirLockedError } from "./dir-lock.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ic-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** The pid of a process that has exited (and so cannot hold a lock). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("acquireDirLock", () => {
  it("refuses a second holder with a message that names the owner and the way out", () => {
    const dir = tempDir();
    const release = acquireDirLock(dir);
    let error: unknown;
    try {
      acquireDirLock(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`pid ${process.pid}`);
    expect((error as Error).message).toContain("DATABASE_URL");
    release();
  });

  it("can be taken again after release, and release removes the lock file", () => {
    const dir = tempDir();
    acquireDirLock(dir)();
    expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(false);
    const again = acquireDirLock(dir);
    expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(true);
    again();
  });

  it("takes over a lock left by a process that was killed", () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, "server.lock"),
      JSON.stringify({ pid: deadPid(), host: os.hostname(), startedAt: "x" }),
    );
    const release = acquireDirLock(dir);
    const owner = JSON.parse(fs.readFileSync(path.join(dir, "server.lock"), "utf8"));
    expect(owner.pid).toBe(process.pid);
    release();
  });

  it("takes over a half-written lock file", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "server.lock"), "");
    acquireDirLock(dir)();
  });

  it("treats a lock from another host as held (a shared volume cannot be checked)", () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, "server.lock"),
      JSON.stringify({ pid: deadPid(), host: "another-host", startedAt: "x" }),
    );
    expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
  });
});
