import { asc, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { staffAvailability, surveySettings, users } from "~/db/schema";
import { getSurveySettings, listAvailability } from "~/features/booking/availability.server";
import type { SurveySettings, WeekHours } from "~/features/booking/slots";
import { AvailabilitySchema, availabilityErrors, type AvailabilityInput } from "./availability-schema";

// Survey availability as the admin reads and writes it: the business-wide settings and, for every
// staff user, their hours, days off and whether they do surveys (someone never set up: no surveys,
// with Monday to Friday 09:00–17:00 filled in, ready to switch on). Each person by id and name,
// and whether they have an e-mail address for survey invitations, never the address itself: the
// office reads this page, and staff addresses are where reset links go.

export type StaffAvailabilityView = AvailabilityInput["staff"][number] & { username: string; hasEmail: boolean };
export type AvailabilityView = SurveySettings & { staff: StaffAvailabilityView[] };

const workingWeek = (): WeekHours => ({
  mon: [["09:00", "17:00"]],
  tue: [["09:00", "17:00"]],
  wed: [["09:00", "17:00"]],
  thu: [["09:00", "17:00"]],
  fri: [["09:00", "17:00"]],
  sat: [],
  sun: [],
});

export async function getAvailability(db: Db): Promise<AvailabilityView> {
  const [settings, rows, people] = await Promise.all([
    getSurveySettings(db),
    listAvailability(db),
    db.select({ id: users.id, username: users.username, email: users.email }).from(users).orderBy(asc(users.username)),
  ]);
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  return {
    ...settings,
    staff: people.map((p) => {
      const row = byUser.get(p.id);
      return {
        userId: p.id,
        username: p.username,
        hasEmail: p.email !== null,
        surveys: row?.surveys ?? false,
        hours: row?.hours ?? workingWeek(),
        daysOff: row?.daysOff ?? [],
      };
    }),
  };
}

export type SaveAvailabilityResult =
  { status: "ok"; availability: AvailabilityView } | { status: "invalid"; fieldErrors: Record<string, string> };

/** Replaces the settings and the listed staff members' availability (others are left as they are). */
export async function saveAvailability(db: Db, raw: unknown): Promise<SaveAvailabilityResult> {
  const parsed = AvailabilitySchema.safeParse(raw);
  if (!parsed.success) return { status: "invalid", fieldErrors: availabilityErrors(raw) };
  const input = parsed.data;
  const ids = input.staff.map((s) => s.userId);
  const known = ids.length
    ? new Set((await db.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((u) => u.id))
    : new Set<number>();
  const unknown = input.staff.findIndex((s) => !known.has(s.userId));
  if (unknown >= 0) return { status: "invalid", fieldErrors: { [`staff.${unknown}.userId`]: "No such user" } };

  await db.transaction(async (tx) => {
    const settings = {
      surveyMinutes: input.surveyMinutes,
      bufferMinutes: input.bufferMinutes,
      noticeHours: input.noticeHours,
      horizonDays: input.horizonDays,
      ...(input.openHolidays ? { openHolidays: [...new Set(input.openHolidays)].sort() } : {}),
      updatedAt: new Date(),
    };
    await tx
      .insert(surveySettings)
      .values({ id: 1, ...settings })
      .onConflictDoUpdate({ target: surveySettings.id, set: settings });
    for (const s of input.staff) {
      const daysOff = [...new Set(s.daysOff)].sort();
      const hours = Object.fromEntries(
        Object.entries(s.hours).map(([day, ranges]) => [day, [...ranges].sort((a, b) => a[0].localeCompare(b[0]))]),
      ) as WeekHours;
      await tx
        .insert(staffAvailability)
        .values({ userId: s.userId, surveys: s.surveys, hours, daysOff })
        .onConflictDoUpdate({
          target: staffAvailability.userId,
          set: { surveys: s.surveys, hours, daysOff, updatedAt: sql`now()` },
        });
    }
  });
  return { status: "ok", availability: await getAvailability(db) };
}
