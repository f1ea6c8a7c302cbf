import { newSecretToken } from "~/features/security/secret-token.server";
import { eq } from "drizzle-orm";
import type { Business } from "~/config";
import type { Db } from "~/db/client.server";
import { staffNameSql } from "~/features/auth/staff-name.server";
import { calendarFeeds, users } from "~/db/schema";
import { listBookings } from "./bookings.server";
import { DAY_MS } from "~/features/time/dublin-time";
import { surveyFeed } from "./ics.server";
import { surveyEvent } from "./invites.server";
import { staffJobDaysBetween } from "~/features/jobs/job-day-rows.server";

// Each staff member's private subscription feed of their surveys and job days (the past 30 and next 90 days),
// at /api/calendar/<token>.ics. The token (144 random bits) is the only key: rotating it replaces
// the row, so the old address answers 404 at once.

export const feedPath = (token: string) => `/api/calendar/${token}.ics`;

/** The user's feed token, made on first use. */
export async function feedToken(db: Db, userId: number): Promise<string> {
  const [existing] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  if (existing) return existing.token;
  const [made] = await db
    .insert(calendarFeeds)
    .values({ userId, token: newSecretToken() })
    .onConflictDoNothing()
    .returning();
  return made?.token ?? (await feedToken(db, userId));
}

/** A new token for the user; the old address stops working. */
export async function rotateFeedToken(db: Db, userId: number): Promise<string> {
  const token = newSecretToken();
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
  return token;
}

/** The feed's iCalendar text, or null for an unknown token. */
export async function calendarFeedFor(
  db: Db,
  token: string,
  siteUrl: string,
  business: Business,
  now = new Date(),
): Promise<string | null> {
  const [owner] = await db
    .select({ userId: users.id, name: staffNameSql, email: users.email })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.token, token));
  if (!owner) return null;
  const from = new Date(now.getTime() - 30 * DAY_MS);
  const to = new Date(now.getTime() + 90 * DAY_MS);
  const [rows, jobDays] = await Promise.all([
    listBookings(db, from, to, owner.userId),
    staffJobDaysBetween(db, from, to, [owner.userId]),
  ]);
  const events = rows.map((r) =>
    surveyEvent(
      r.booking,
      {
        visitor: { name: r.name, email: r.email, phone: r.phone, submissionId: r.booking.submissionId },
        staff: { name: owner.name, email: owner.email },
      },
      { business, siteUrl },
    ),
  );
  // The days this person is on a job (features/jobs), beside their surveys.
  const host = new URL(siteUrl).hostname;
  const dayEvents = jobDays.map((d) => ({
    uid: `job-day-${d.dayId}-staff@${host}`,
    sequence: 0,
    start: d.start,
    end: d.end,
    summary: `Job ${d.jobNumber}: ${d.title}`,
    description: [`Job ${d.jobNumber}`, d.note, `${siteUrl}/admin/jobs/${d.jobId}`].filter(Boolean).join("\n"),
    location: [...d.site.address, d.site.eircode].filter(Boolean).join(", "),
    cancelled: false,
    organizer: { name: business.name, email: business.email },
    attendees: [],
  }));
  return surveyFeed(business.name, `${business.name} site surveys (${owner.name})`, [...events, ...dayEvents]);
}
