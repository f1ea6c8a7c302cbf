import { and, eq, gte, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookingClaims, bookings, type Booking } from "~/db/schema";
import { addDays, dublinDay, dublinInstant, mondayOf } from "~/features/time/dublin-time";
import { staffJobDaysBetween } from "~/features/jobs/job-day-rows.server";
import { lockStaffTime } from "~/features/jobs/staff-time-lock.server";
import { rankStaff } from "./slots";

// A surveyor's time, claimed in 5-minute blocks (booking_claims): the database lets each block be
// claimed once, so two visitors racing for one time cannot both have it, on any engine and across
// servers. Booking a survey and moving one both claim through assignSurveyor.

const BLOCK_MS = 5 * 60_000;

/** Thrown inside a booking's transaction to roll it back. */
export class SlotUnavailable extends Error {
  constructor(readonly reason: "taken" | "not-offered") {
    super(reason);
  }
}

/** The 5-minute blocks a survey holds: from its start to the end of its buffer. */
export function claimBlocks(start: Date, blockedUntil: Date): Date[] {
  const blocks: Date[] = [];
  const first = Math.floor(start.getTime() / BLOCK_MS) * BLOCK_MS;
  for (let t = first; t < blockedUntil.getTime(); t += BLOCK_MS) blocks.push(new Date(t));
  return blocks;
}

/**
 * In a savepoint: claims the blocks for `bookingId` with staff member `staffId`; false (and
 * nothing claimed) if any block is already someone else's. A concurrent claim waits for the other
 * transaction, then counts as taken if it committed.
 */
async function claim(tx: Db, bookingId: number, staffId: number, start: Date, blockedUntil: Date): Promise<boolean> {
  const blocks = claimBlocks(start, blockedUntil);
  try {
    await tx.transaction(async (sp) => {
      await sp.delete(bookingClaims).where(eq(bookingClaims.bookingId, bookingId));
      const claimed = await sp
        .insert(bookingClaims)
        .values(blocks.map((blockStart) => ({ staffId, blockStart, bookingId })))
        .onConflictDoNothing()
        .returning({ blockStart: bookingClaims.blockStart });
      if (claimed.length !== blocks.length) throw new SlotUnavailable("taken");
      await sp.update(bookings).set({ staffId }).where(eq(bookings.id, bookingId));
    });
    return true;
  } catch (error) {
    if (error instanceof SlotUnavailable) return false;
    throw error;
  }
}

/** Surveys per staff member in the Irish week of `start` (to share them out). */
async function weekBookings(tx: Db, start: Date) {
  const monday = mondayOf(dublinDay(start));
  return (
    await tx
      .select({ staffId: bookings.staffId, start: bookings.startAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, "booked"),
          gte(bookings.startAt, dublinInstant(monday, 0)),
          lt(bookings.startAt, dublinInstant(addDays(monday, 7), 0)),
        ),
      )
  ).filter((b): b is { staffId: number; start: Date } => b.staffId !== null);
}

/** Claims the time for the booking with the best-placed free surveyor (`prefer` first); false if none is left. */
export async function assignSurveyor(
  tx: Db,
  booking: Pick<Booking, "id" | "startAt" | "blockedUntil">,
  staffIds: number[],
  prefer?: number | null,
): Promise<boolean> {
  // The candidates' time is held first (as scheduling a job day does), then anyone on a job day
  // then is left out: a day scheduled on another server meanwhile is seen here.
  await lockStaffTime(tx, staffIds);
  const onJobs = new Set(
    (await staffJobDaysBetween(tx, booking.startAt, booking.blockedUntil, staffIds)).map((d) => d.staffId),
  );
  const free = staffIds.filter((id) => !onJobs.has(id));
  const ranked = rankStaff(free, booking.startAt, await weekBookings(tx, booking.startAt));
  const order = prefer != null && ranked.includes(prefer) ? [prefer, ...ranked.filter((id) => id !== prefer)] : ranked;
  for (const staffId of order) {
    if (await claim(tx, booking.id, staffId, booking.startAt, booking.blockedUntil)) return true;
  }
  return false;
}
