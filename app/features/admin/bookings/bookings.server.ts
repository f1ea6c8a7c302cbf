import type { Db } from "~/db/client.server";
import type { BookingStatus } from "~/db/schema";
import { listBookings } from "~/features/booking/bookings.server";
import { addDays, dublinDay, dublinInstant, dublinIso, isCalendarDay, mondayOf } from "~/features/time/dublin-time";

/** The admin's window: ?from (default: this week's Monday) and ?days (default 14: this week and next, at most 62). */
export function bookingWindow(
  query: Record<string, unknown>,
  now: Date,
): { ok: true; from: string; days: number } | { ok: false; fieldErrors: Record<string, string> } {
  const from = typeof query.from === "string" && query.from ? query.from : mondayOf(dublinDay(now));
  const days = typeof query.days === "string" && query.days ? Number(query.days) : 14;
  const fieldErrors: Record<string, string> = {};
  if (!isCalendarDay(from)) fieldErrors.from = "from must be a date written YYYY-MM-DD";
  if (!Number.isInteger(days) || days < 1 || days > 62) fieldErrors.days = "days must be a whole number from 1 to 62";
  return Object.keys(fieldErrors).length ? { ok: false, fieldErrors } : { ok: true, from, days };
}

export type BookingRow = {
  id: number;
  start: string;
  end: string;
  status: Exclude<BookingStatus, "requested">;
  location: string;
  outOfArea: boolean;
  /** The surveyor: `name` as colleagues read it (full name, else username). */
  staff: { id: number; username: string; name: string } | null;
  lead: { id: number; name: string; email: string; phone: string | null; service: string | null };
};

/** Bookings starting on Irish days [from, from + days), cancelled ones included (shown struck through). */
export async function listBookingRows(db: Db, from: string, days: number): Promise<BookingRow[]> {
  const rows = await listBookings(db, dublinInstant(from, 0), dublinInstant(addDays(from, days), 0));
  return rows.map((r) => ({
    id: r.booking.id,
    start: dublinIso(r.booking.startAt),
    end: dublinIso(r.booking.endAt),
    // listBookings leaves requests out: they wait in the inbox's Spam tab.
    status: r.booking.status === "cancelled" ? "cancelled" : "booked",
    location: r.booking.location,
    outOfArea: r.booking.outOfArea,
    staff:
      r.booking.staffId !== null && r.staffUsername
        ? { id: r.booking.staffId, username: r.staffUsername, name: r.staffName }
        : null,
    lead: { id: r.booking.submissionId, name: r.name, email: r.email, phone: r.phone, service: r.service },
  }));
}
