import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { bookings, clients, contactSubmissions, jobs, users } from "~/db/schema";
import { assignSurveyor } from "~/features/booking/slot-claims.server";
import { defaultBusiness as business } from "~/config";
import { createTestDatabase, makeTempDir, usePostgres, type TestDatabase } from "../../../tests/support/test-database";
import { addJobDay, type AddDayResult } from "./job-days.server";

// Two servers scheduling the same person at the same time: each request is a transaction on its
// own database client (on PostgreSQL, two connection pools as two app servers have; PGlite is one
// process, so there both go through its one connection). Exactly one gets the time.

let t: TestDatabase;
let other: Database;
let crew: number;
let jobA: number;
let jobB: number;
const ctx = { siteUrl: "https://www.example.ie", business };

beforeAll(async () => {
  t = await createTestDatabase();
  other = usePostgres
    ? await openDatabase({ dataDir: makeTempDir(), databaseUrl: t.env.DATABASE_URL, poolSize: 2 })
    : t.database;
  const db = t.database.db;
  const [u] = await db.insert(users).values({ username: "mary", password: "x", role: "office" }).returning();
  crew = u!.id;
  const [c] = await db.insert(clients).values({ name: "Moore Dental" }).returning();
  const made = await db
    .insert(jobs)
    .values([
      {
        number: "J-2026-0901",
        token: "a".repeat(24),
        clientId: c!.id,
        title: "A",
        site: { address: ["Swords"], eircode: "" },
      },
      {
        number: "J-2026-0902",
        token: "b".repeat(24),
        clientId: c!.id,
        title: "B",
        site: { address: ["Naas"], eircode: "" },
      },
    ])
    .returning();
  [jobA, jobB] = [made[0]!.id, made[1]!.id];
});

afterAll(async () => {
  if (other !== t?.database) await other?.close();
  await t?.dispose();
});

const day = (start: string, end: string) => ({
  start: new Date(start),
  end: new Date(end),
  staffIds: [crew],
  note: "",
  allowClash: false,
});

describe("job days across instances", () => {
  it("two clients racing for one person's overlapping time: one day is scheduled, the other answers the clash", async () => {
    for (let round = 0; round < 4; round++) {
      const date = `2026-12-${String(round + 1).padStart(2, "0")}`;
      const results: AddDayResult[] = await Promise.all([
        addJobDay(t.database.db, ctx, jobA, day(`${date}T08:00:00Z`, `${date}T16:00:00Z`)),
        addJobDay(other.db, ctx, jobB, day(`${date}T12:00:00Z`, `${date}T20:00:00Z`)),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(["clash", "ok"]);
      const clash = results.find((r) => r.status === "clash");
      expect(clash).toMatchObject({ clashes: [{ staff: { id: crew, name: "mary" }, kind: "job-day" }] });
    }
  });

  it("a survey booked while the same time is scheduled on a job: never both", async () => {
    const db = t.database.db;
    const [lead] = await db
      .insert(contactSubmissions)
      .values({ name: "Orla", email: "o@example.ie", message: "Survey" })
      .returning();
    for (let round = 0; round < 4; round++) {
      const start = new Date(`2026-12-1${round}T10:00:00Z`);
      const survey = other.db.transaction(async (tx) => {
        const [booking] = await tx
          .insert(bookings)
          .values({
            submissionId: lead!.id,
            startAt: start,
            endAt: new Date(start.getTime() + 3_600_000),
            blockedUntil: new Date(start.getTime() + 5_400_000),
            token: `tok${round}`.padEnd(24, "x"),
            uid: `survey-${round}@example.ie`,
            location: "Naas",
          })
          .returning();
        const got = await assignSurveyor(tx, booking!, [crew]);
        if (!got) await tx.delete(bookings).where(eq(bookings.id, booking!.id));
        return got;
      });
      const [booked, scheduled] = await Promise.all([
        survey,
        addJobDay(db, ctx, jobA, day(`2026-12-1${round}T08:00:00Z`, `2026-12-1${round}T17:00:00Z`)),
      ]);
      // Exactly one of them holds Mary's morning.
      expect([booked, scheduled.status === "ok"].filter(Boolean)).toHaveLength(1);
      if (!booked) expect(scheduled.status).toBe("ok");
      else expect(scheduled).toMatchObject({ status: "clash", clashes: [{ kind: "survey" }] });
    }
  });
});
