import { useState, type FormEvent } from "react";
import { data, Link } from "react-router";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { findFreeSlots } from "~/features/booking/availability.server";
import { addDays, dublinDay, dublinIso, isCalendarDay, mondayOf } from "~/features/time/dublin-time";
import { formatCalendarMonth, formatCalendarWeekday, formatClock } from "~/features/time/irish-format";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { useMutation } from "../list/mutation";
import type { Route } from "./+types/bookings-page";
import { listBookingRows, type BookingRow } from "./bookings.server";

// Site surveys by week or by month (this week and next unless staff pick another: previous/next
// links and a date input, all plain GET so they work without JavaScript): a grid of days on wide
// screens, a list by day on phones. Each survey links to its lead; staff can move it to a free
// time or cancel it (both e-mail both sides).

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Bookings");

type View = "week" | "month";

/** The Mondays shown: the week of `date` and the next, or every week touching `date`'s month. */
function shownWeeks(date: string, view: View): string[] {
  if (view === "week") return [mondayOf(date), addDays(mondayOf(date), 7)];
  const first = `${date.slice(0, 8)}01`;
  const next = addDays(first, 32).slice(0, 8) + "01";
  const weeks: string[] = [];
  for (let m = mondayOf(first); m < next; m = addDays(m, 7)) weeks.push(m);
  return weeks;
}

/** The day to open for the period before or after: a week (two weeks shown) or a month away. */
function stepped(date: string, view: View, by: 1 | -1): string {
  if (view === "week") return addDays(mondayOf(date), 7 * by);
  const [y, m] = date.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 10);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/bookings");
  const db = context.services.database.db;
  const now = new Date();
  const today = dublinDay(now);
  const url = new URL(request.url);
  const view: View = url.searchParams.get("view") === "month" ? "month" : "week";
  const asked = url.searchParams.get("date") ?? "";
  if (asked && !isCalendarDay(asked))
    throw data("Please pick a date written YYYY-MM-DD.", { status: 400, headers: adminHeaders() });
  const date = asked || today;
  const mondays = shownWeeks(date, view);
  const [rows, free] = await Promise.all([
    listBookingRows(db, mondays[0]!, mondays.length * 7),
    findFreeSlots(db, { from: today, days: 14, now }),
  ]);
  return data(
    {
      view,
      date,
      mondays,
      previous: stepped(date, view, -1),
      next: stepped(date, view, 1),
      today,
      bookings: rows,
      // The times a survey can move to: the ones the booking page offers.
      freeTimes: free.map((s) => dublinIso(s.start)),
    },
    { headers: adminHeaders() },
  );
}

const dayHeading = (day: string) => formatCalendarWeekday(day, "long");
const shortDay = (day: string) => formatCalendarWeekday(day, "short");
/** "2026-03-03T08:30:00+00:00" → "8:30" (the ISO string is already Irish time). */
const clock = (iso: string) => formatClock(iso.slice(11, 16));
const timeOption = (iso: string) => `${shortDay(iso.slice(0, 10))}, ${clock(iso)}`;

export default function BookingsPage({ loaderData }: Route.ComponentProps) {
  const { view, date, mondays, previous, next, today, bookings, freeTimes } = loaderData;
  const weeks = mondays.map((monday) => Array.from({ length: 7 }, (_, d) => addDays(monday, d)));
  const onDay = (day: string) => bookings.filter((b) => b.start.slice(0, 10) === day);
  const active = bookings.filter((b) => b.status === "booked").length;
  const thisMonday = mondayOf(today);
  const weekName = (monday: string) =>
    monday === thisMonday
      ? "This week"
      : monday === addDays(thisMonday, 7)
        ? "Next week"
        : monday === addDays(thisMonday, -7)
          ? "Last week"
          : "Week";
  const period = view === "month" ? formatCalendarMonth(date) : `two weeks from ${dayHeading(mondays[0]!)}`;
  const href = (day: string, v: View = view) => `/admin/bookings?view=${v}&date=${day}`;

  return (
    <>
      <h1 className="text-3xl font-bold">Bookings</h1>
      <p className="mt-2 text-slate-brand">
        Site surveys in {period} ({active} booked), in Irish time. Surveyors get each one as a calendar invitation; add
        your own feed to your calendar from{" "}
        <Link to="/admin/account" className="font-semibold text-navy-700 underline">
          My Account
        </Link>
        .
      </p>
      <nav aria-label="Bookings period" className="mt-6 flex flex-wrap items-end gap-3">
        <Link to={href(previous)} className="btn-outline !min-h-10 text-sm">
          {view === "month" ? "← Previous month" : "← Previous week"}
        </Link>
        <Link to={href(today)} className="btn-outline !min-h-10 text-sm">
          Today
        </Link>
        <Link to={href(next)} className="btn-outline !min-h-10 text-sm">
          {view === "month" ? "Next month →" : "Next week →"}
        </Link>
        <Link to={href(date, view === "month" ? "week" : "month")} className="btn-outline !min-h-10 text-sm">
          {view === "month" ? "Show by week" : "Show the month"}
        </Link>
        <form method="get" action="/admin/bookings" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="view" value={view} />
          <label className="grid gap-1 text-sm font-medium">
            Go to a date
            <input
              type="date"
              name="date"
              defaultValue={date}
              key={date}
              className="min-h-10 rounded-md border border-slate-brand/40 px-3"
            />
          </label>
          <button type="submit" className="btn-dark !min-h-10 text-sm">
            Show
          </button>
        </form>
      </nav>
      {weeks.map((days, w) => (
        <section key={days[0]} aria-labelledby={`week-${w}`} className="mt-8">
          <h2 id={`week-${w}`} className="text-xl font-semibold">
            {weekName(days[0]!)} (from {dayHeading(days[0]!)})
          </h2>
          {/* Desktop: seven columns. */}
          <div className="mt-3 hidden gap-2 lg:grid lg:grid-cols-7">
            {days.map((day) => (
              <div
                key={day}
                className={`min-h-32 rounded-lg p-2 ring-1 ${day === today ? "bg-mist ring-navy-700" : "bg-white ring-navy-900/10"}`}
              >
                <h3 className="text-sm font-semibold">{shortDay(day)}</h3>
                <ul className="mt-2 space-y-2">
                  {onDay(day).map((b) => (
                    <li key={b.id}>
                      <BookingCard booking={b} freeTimes={freeTimes} compact />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          {/* Phones and tablets: only the days with surveys, as a list. */}
          <div className="mt-3 space-y-4 lg:hidden">
            {days.filter((d) => onDay(d).length > 0).length === 0 && <p className="text-slate-brand">No surveys.</p>}
            {days
              .filter((d) => onDay(d).length > 0)
              .map((day) => (
                <div key={day}>
                  <h3 className="font-semibold">{dayHeading(day)}</h3>
                  <ul className="mt-2 space-y-2">
                    {onDay(day).map((b) => (
                      <li key={b.id}>
                        <BookingCard booking={b} freeTimes={freeTimes} />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
          </div>
        </section>
      ))}
    </>
  );
}

function BookingCard({
  booking: b,
  freeTimes,
  compact = false,
}: {
  booking: BookingRow;
  freeTimes: string[];
  compact?: boolean;
}) {
  const { mutate, pending } = useMutation();
  const [moving, setMoving] = useState(false);
  const cancelled = b.status === "cancelled";

  async function move(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).get("start");
    const start = typeof chosen === "string" ? chosen : "";
    const done = await mutate(
      "POST",
      `/api/admin/bookings/${b.id}/reschedule`,
      { start },
      {
        success: { title: "Survey moved", description: `${b.lead.name} and the surveyor have the new invitation.` },
        failure: "Failed to move the survey",
        toastFieldErrors: true,
      },
    );
    if (done.ok) setMoving(false);
  }

  return (
    <div
      className={`rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-navy-900/10 ${cancelled ? "opacity-70" : ""}`}
    >
      <p className={`font-semibold ${cancelled ? "line-through" : ""}`}>
        {clock(b.start)}–{clock(b.end)}
      </p>
      <p>
        <Link to={`/admin/contacts?lead=${b.lead.id}`} className="font-semibold text-navy-700 underline">
          {b.lead.name}
        </Link>
      </p>
      <p className="break-words text-slate-brand">{b.location}</p>
      {!compact && b.lead.phone && <p>{b.lead.phone}</p>}
      <p className="text-slate-brand">{b.staff ? b.staff.name : "No surveyor"}</p>
      {cancelled && <p className="font-semibold text-red-800">Cancelled</p>}
      {b.outOfArea && !cancelled && <p className="font-semibold text-amber-900">Confirm: outside the area</p>}
      {!cancelled && (
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="button" className="text-navy-700 underline" onClick={() => setMoving((m) => !m)}>
            {moving ? "Keep the time" : "Move"}
          </button>
          <button
            type="button"
            className="text-red-800 underline"
            disabled={pending}
            onClick={() => {
              if (!window.confirm(`Cancel ${b.lead.name}'s survey? Both sides are e-mailed.`)) return;
              void mutate("POST", `/api/admin/bookings/${b.id}/cancel`, undefined, {
                success: { title: "Survey cancelled", description: "The time is free again." },
                failure: "Failed to cancel the survey",
              });
            }}
          >
            Cancel
          </button>
        </div>
      )}
      {moving && (
        <form onSubmit={(e) => void move(e)} className="mt-2 grid gap-2">
          <label className="font-medium" htmlFor={`move-${b.id}`}>
            New time
          </label>
          <select id={`move-${b.id}`} name="start" className="rounded border border-slate-brand/40 p-1">
            {freeTimes.map((t) => (
              <option key={t} value={t}>
                {timeOption(t)}
              </option>
            ))}
          </select>
          <button type="submit" className="btn-dark !min-h-9 text-sm" disabled={pending}>
            Move survey
          </button>
        </form>
      )}
    </div>
  );
}
