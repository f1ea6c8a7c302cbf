import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookingChanges } from "~/db/schema";
import type { Env } from "~/env.server";
import { scaledLimit } from "~/features/security/rate-limit.server";
import { DAY_MS } from "~/features/time/dublin-time";

// How often a visitor may move or cancel one booking from its manage link: each change e-mails
// them, so a link must not become a way to send mail at will. The changes are rows in the
// database, read and written in the change's own transaction while it holds the booking's row
// lock, so the limit holds across servers sharing one PostgreSQL.

const HOUR_MS = 3_600_000;

export type ChangeLimits = { perHour: number; perDay: number };

/** BOOKING_CHANGES_PER_HOUR and _PER_DAY, multiplied by RATE_LIMIT_FACTOR like every limit. */
export const changeLimits = (
  env: Pick<Env, "BOOKING_CHANGES_PER_HOUR" | "BOOKING_CHANGES_PER_DAY" | "RATE_LIMIT_FACTOR">,
): ChangeLimits => ({
  perHour: scaledLimit(env.BOOKING_CHANGES_PER_HOUR, env.RATE_LIMIT_FACTOR),
  perDay: scaledLimit(env.BOOKING_CHANGES_PER_DAY, env.RATE_LIMIT_FACTOR),
});

/** Seconds until one more change fits in a window holding `times` (oldest first), or 0 if it fits now. */
function waitIn(times: Date[], windowMs: number, limit: number, now: Date): number {
  const inWindow = times.filter((t) => t.getTime() > now.getTime() - windowMs);
  if (inWindow.length < limit) return 0;
  const frees = inWindow[inWindow.length - limit]!.getTime() + windowMs;
  return Math.max(1, Math.ceil((frees - now.getTime()) / 1000));
}

/** 0 when the visitor may change the booking now, else how many seconds until they may. */
async function changeWaitSeconds(tx: Db, bookingId: number, limits: ChangeLimits, now: Date): Promise<number> {
  const rows = await tx
    .select({ at: bookingChanges.at })
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, bookingId), gt(bookingChanges.at, new Date(now.getTime() - DAY_MS))))
    .orderBy(asc(bookingChanges.at));
  const times = rows.map((r) => r.at);
  return Math.max(waitIn(times, HOUR_MS, limits.perHour, now), waitIn(times, DAY_MS, limits.perDay, now));
}

/**
 * Counts a visitor's change to a booking if the limits allow it (0), else answers how many seconds
 * until they do. Staff (`byStaff`) are not limited. Call it while holding the booking's row lock,
 * in the transaction that makes the change, once nothing but a rollback can stop the change.
 */
export async function claimVisitorChange(
  tx: Db,
  bookingId: number,
  byStaff: boolean,
  env: Parameters<typeof changeLimits>[0],
  now: Date,
): Promise<number> {
  if (byStaff) return 0;
  const wait = await changeWaitSeconds(tx, bookingId, changeLimits(env), now);
  if (wait === 0) await tx.insert(bookingChanges).values({ bookingId, at: now });
  return wait;
}
