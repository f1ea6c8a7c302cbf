import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Cron } from "croner";
import { afterEach, describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { backupFileName } from "./backup-format.server";
import { BACKUP_TIME_ZONE, backupCronPattern } from "./backup-schedule";
import { pruneScheduledBackups } from "./backup.server";

describe("BACKUP_SCHEDULE", () => {
  it("defaults to a daily backup at 03:00 Irish time, BACKUP_KEEP to 14, BACKUP_DIR to ./backups", () => {
    const env = getEnv({});
    expect(env.BACKUP_SCHEDULE).toBe("0 3 * * *");
    expect(env.BACKUP_KEEP).toBe(14);
    expect(env.BACKUP_DIR).toBe(path.resolve("backups"));
  });

  it("takes a time of day, a cron expression or off", () => {
    expect(backupCronPattern("23:30")).toBe("30 23 * * *");
    expect(backupCronPattern("4:05")).toBe("5 4 * * *");
    expect(backupCronPattern("0 2 * * SUN")).toBe("0 2 * * SUN");
    expect(backupCronPattern("*/10 * * * * *")).toBe("*/10 * * * * *");
    expect(backupCronPattern("OFF")).toBeNull();
    expect(getEnv({ BACKUP_SCHEDULE: "off" }).BACKUP_SCHEDULE).toBeNull();
  });

  it("stops the server at start with a message naming the variable for anything else", () => {
    for (const bad of ["25:00", "3am", "0 3 * *", "daily"])
      expect(() => getEnv({ BACKUP_SCHEDULE: bad }), bad).toThrow(/BACKUP_SCHEDULE must be "off", a time of day/);
    expect(() => getEnv({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP/);
  });

  it("03:00 is 3 a.m. in Dublin in winter (UTC) and in summer (02:00 UTC)", () => {
    const job = new Cron(backupCronPattern("03:00")!, { timezone: BACKUP_TIME_ZONE, paused: true });
    expect(job.nextRun(new Date("2026-01-10T12:00:00Z"))?.toISOString()).toBe("2026-01-11T03:00:00.000Z");
    expect(job.nextRun(new Date("2026-07-10T12:00:00Z"))?.toISOString()).toBe("2026-07-11T02:00:00.000Z");
    job.stop();
  });
});

describe("pruneScheduledBackups", () => {
  let dir: string;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("keeps the newest BACKUP_KEEP scheduled backups, every manual one, and clears day-old partial files", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ic-prune-"));
    const day = (d: number) => new Date(Date.UTC(2026, 10, d, 3));
    const scheduled = [1, 2, 3, 4, 5].map((d) => backupFileName(day(d), "scheduled"));
    const manual = backupFileName(day(1), "manual");
    const oldPartial = `.${backupFileName(day(2), "scheduled")}.partial`;
    const newPartial = `.${backupFileName(day(5), "manual")}.partial`;
    for (const name of [...scheduled, manual, oldPartial, newPartial, "notes.txt"])
      fs.writeFileSync(path.join(dir, name), "x");
    const now = Date.now();
    fs.utimesSync(path.join(dir, oldPartial), new Date(now - 2 * 86_400_000), new Date(now - 2 * 86_400_000));

    const deleted = pruneScheduledBackups(dir, 2, now);
    expect(deleted.sort()).toEqual([...scheduled.slice(0, 3), oldPartial].sort());
    expect(fs.readdirSync(dir).sort()).toEqual([...scheduled.slice(3), manual, newPartial, "notes.txt"].sort());
  });
});
