import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDirLock, classifyOwner, DataDirLockedError, parseProc } from "./dir-lock.server";

const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ic-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  for (const c of children.splice(0)) c.kill("SIGKILL");
});

/** The pid of a process that has exited (and so cannot hold a lock). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

/** /proc/<pid>/stat's state letter and start time (clock ticks since boot). */
function procStat(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const info = parseProc(stat, "");
  return { state: info.state, startTicks: info.startTicks };
}

/** Starts `sh -c script` and resolves with the first line it prints. */
async function shell(script: string): Promise<string> {
  const child = spawn("sh", ["-c", script], { stdio: ["ignore", "pipe", "ignore"] });
  children.push(child);
  return new Promise((resolve) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(out.slice(0, out.indexOf("\n")));
    });
  });
}

function writeLock(dir: string, owner: object) {
  fs.writeFileSync(path.join(dir, "server.lock"), JSON.stringify({ host: os.hostname(), startedAt: "x", ...owner }));
}

const lockOwner = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, "server.lock"), "utf8")) as { pid: number };

describe("acquireDirLock", () => {
  it("refuses a second holder with a message that names the owner and the way out", async () => {
    const dir = tempDir();
    const release = await acquireDirLock(dir);
    const error = await acquireDirLock(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`pid ${process.pid}`);
    expect((error as Error).message).toContain("DATABASE_URL");
    release();
  });

  it("can be taken again after release, and release removes the lock file", async () => {
    const dir = tempDir();
    (await acquireDirLock(dir))();
    expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(false);
    const again = await acquireDirLock(dir);
    expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(true);
    again();
  });

  it("takes over a lock left by a process that was killed", async () => {
    const dir = tempDir();
    writeLock(dir, { pid: deadPid() });
    const release = await acquireDirLock(dir);
    expect(lockOwner(dir).pid).toBe(process.pid);
    release();
  });

  it("takes over a half-written lock file", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "server.lock"), "");
    (await acquireDirLock(dir))();
  });

  it("treats a lock from another host as held (a shared volume cannot be checked)", async () => {
    const dir = tempDir();
    writeLock(dir, { pid: deadPid(), host: "another-host" });
    await expect(acquireDirLock(dir)).rejects.toThrow(DataDirLockedError);
  });
});

describe.runIf(process.platform === "linux")("acquireDirLock on Linux: who owns the lock, from /proc", () => {
  it("records its own start time, and refuses a lock held by a live process with the recorded start time", async () => {
    const dir = tempDir();
    const release = await acquireDirLock(dir);
    expect(lockOwner(dir)).toMatchObject({ pid: process.pid, startTicks: procStat(process.pid).startTicks });
    release();

    const pid = Number(await shell("echo $$; exec sleep 30"));
    writeLock(dir, { pid, startTicks: procStat(pid).startTicks });
    await expect(acquireDirLock(dir)).rejects.toThrow(`(pid ${pid})`);
  });

  it("takes over a lock whose pid now belongs to another process (a different start time)", async () => {
    const dir = tempDir();
    const pid = Number(await shell("echo $$; exec sleep 30"));
    writeLock(dir, { pid, startTicks: procStat(pid).startTicks - 1 });
    const release = await acquireDirLock(dir);
    expect(lockOwner(dir).pid).toBe(process.pid);
    release();
  });

  it("takes over a lock held by a killed server its parent has not reaped yet (a zombie)", async () => {
    const dir = tempDir();
    // The background child exits once its parent has become `sleep 30`, which never reaps it. (Exiting
    // at once raced the shell: a shell that reaped it before its exec left no /proc entry to read.)
    const pid = Number(
      await shell(`sh -c 'until grep -qx sleep /proc/$PPID/comm; do sleep 0.01; done' & echo $!; exec sleep 30`),
    );
    const deadline = Date.now() + 5_000;
    while (procStat(pid).state !== "Z" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(procStat(pid).state).toBe("Z");
    writeLock(dir, { pid, startTicks: procStat(pid).startTicks });
    const release = await acquireDirLock(dir);
    expect(lockOwner(dir).pid).toBe(process.pid);
    release();
  });
});

describe("classifyOwner and parseProc", () => {
  // Real /proc/<pid>/stat lines (a name with spaces and parentheses) and /proc/<pid>/status masks.
  const stat = (state: string, flags: number, start: number) =>
    `4242 (node (server) x) ${state} 1 4242 4242 0 -1 ${flags} 97 0 0 0 0 0 0 0 20 0 11 0 ${start} 3133440 381 18446744073709551615 0 0`;
  const status = (sigPnd: string, shdPnd = "0000000000000000") =>
    `Name:\tnode\nState:\tR (running)\nSigQ:\t0/31382\nSigPnd:\t${sigPnd}\nShdPnd:\t${shdPnd}\nSigBlk:\t0000000000000000\n`;

  it("reads the state, flags, start time and pending signals", () => {
    expect(parseProc(stat("S", 4194560, 30330), status("0000000000000100"))).toEqual({
      state: "S",
      flags: 4194560,
      startTicks: 30330,
      pendingSignals: 0x100n,
    });
  });

  it("tells a live owner, a gone one and a dying one apart", () => {
    const owner = { startTicks: 30330 };
    expect(classifyOwner(owner, parseProc(stat("S", 4194560, 30330), status("0000000000000000")))).toBe("alive");
    expect(classifyOwner(owner, undefined)).toBe("gone");
    expect(classifyOwner(owner, parseProc(stat("Z", 4194560, 30330), status("0")))).toBe("gone");
    expect(classifyOwner(owner, parseProc(stat("X", 4194560, 30330), status("0")))).toBe("gone");
    expect(classifyOwner(owner, parseProc(stat("S", 4194560, 99999), status("0")))).toBe("gone");
    // Sent SIGKILL (pending, for the thread or the whole process) or already in exit: waited for.
    expect(classifyOwner(owner, parseProc(stat("R", 4194560, 30330), status("0000000000000100")))).toBe("dying");
    expect(classifyOwner(owner, parseProc(stat("D", 4194560, 30330), status("0", "0000000000000100")))).toBe("dying");
    expect(classifyOwner(owner, parseProc(stat("D", 4194564, 30330), status("0")))).toBe("dying");
    // A lock written before start times were recorded: a live pid holds it.
    expect(classifyOwner({}, parseProc(stat("S", 4194560, 99999), status("0")))).toBe("alive");
  });
});
