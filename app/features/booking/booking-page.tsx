import { data } from "react-router";
import { useBusiness } from "~/root";
import type { Route } from "./+types/booking-page";
import { slotChoices } from "./slot-choices.server";
import { findBookingByToken } from "./bookings.server";
import { BOOKING_WORDS, DONE_MESSAGES } from "./booking-answer";
import { surveyWhen } from "~/features/time/dublin-time";
import { TimeChoices, WeekDays } from "./slot-picker";

// /booking/<token>: the visitor's own page for one survey, reached from the invitation. It shows
// the time and place and lets them move it to another free time or cancel; both forms post to
// /booking/<token>/reschedule or /cancel and come back here with the outcome. Secret link: never
// indexed, never cached; an unknown token is a 404.

const ERRORS: Record<string, string> = {
  taken: "That time has just been taken — please pick another.",
  invalid: "Please choose one of the survey times offered.",
  cancelled: "This survey was cancelled, so it cannot be moved. Book a new time instead.",
  requested: "The team has not confirmed this request yet, so its time cannot be moved online. Please call us.",
};
const REQUESTED_WORDS =
  "Thank you — we have your request. One of the team will confirm the time with you by phone or e-mail shortly.";
const STATUS_WORDS = {
  booked: "Booked",
  bookedOutOfArea: "Booked — the team will ring to confirm",
  requested: "Requested — the team will confirm it with you",
  cancelled: "Cancelled",
} as const;

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = context.services.database.db;
  const found = await findBookingByToken(db, params.token);
  if (!found) throw data("No such booking", { status: 404, headers: PRIVATE });
  const { booking } = found;
  const url = new URL(request.url);
  const answer =
    booking.status === "booked" ? await slotChoices(db, new Date(), url.searchParams.get("date"), booking.id) : null;
  // A day that cannot be booked is answered with words, not another day.
  if (answer && !answer.ok) throw data(answer.message, { status: 400, headers: PRIVATE });
  const choices = answer?.ok
    ? answer.choices
    : { days: [], selected: null, selectedLabel: "", times: [], previousWeek: null, nextWeek: null, anyFree: false };
  const done = url.searchParams.get("done");
  const error = url.searchParams.get("error");
  const retry = Number(url.searchParams.get("retry"));
  return data(
    {
      token: params.token,
      name: found.name,
      when: surveyWhen(booking.startAt, booking.endAt),
      location: booking.location,
      status: booking.status,
      outOfArea: booking.outOfArea,
      done:
        !done || !DONE_MESSAGES[done] ? null : booking.status === "requested" ? REQUESTED_WORDS : DONE_MESSAGES[done],
      error:
        error === "rate-limited"
          ? BOOKING_WORDS.tooManyChanges(retry > 0 && retry <= 86_400 ? retry : 3600, context.services.business.phone)
          : error && ERRORS[error]
            ? ERRORS[error]
            : null,
      ...choices,
    },
    { headers: PRIVATE },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders.get("Cache-Control") ? loaderHeaders : PRIVATE;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0].loaderData;
  return [{ title: `Your site survey | ${root.business.name}` }, { name: "robots", content: "noindex, nofollow" }];
};

export default function BookingPage({ loaderData: b }: Route.ComponentProps) {
  const business = useBusiness();
  const base = `/booking/${b.token}`;
  return (
    <div className="container-page max-w-4xl py-12 sm:py-16">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Your site survey</h1>
      {b.done && (
        <p role="status" className="mt-6 rounded-md bg-mist p-4 font-medium">
          {b.done}
        </p>
      )}
      {b.error && (
        <p role="alert" className="mt-6 rounded-md bg-red-50 p-4 font-medium text-red-800">
          {b.error}
        </p>
      )}
      <dl className="mt-8 grid gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10 sm:grid-cols-3 sm:p-8">
        <div>
          <dt className="text-sm font-semibold uppercase tracking-wider text-slate-brand">When</dt>
          <dd className={`mt-1 font-semibold ${b.status === "cancelled" ? "line-through" : ""}`}>{b.when}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold uppercase tracking-wider text-slate-brand">Where</dt>
          <dd className="mt-1">{b.location}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold uppercase tracking-wider text-slate-brand">Status</dt>
          <dd className="mt-1">{STATUS_WORDS[b.status === "booked" && b.outOfArea ? "bookedOutOfArea" : b.status]}</dd>
        </div>
      </dl>

      {b.status === "cancelled" ? (
        <p className="mt-8">
          <a href="/book" className="btn-primary">
            Book a new time
          </a>
        </p>
      ) : (
        <>
          <section aria-labelledby="move-heading" className="mt-10">
            <h2 id="move-heading" className="text-2xl font-semibold">
              Change the time
            </h2>
            {b.status === "requested" ? (
              <p className="mt-2">
                One of the team will confirm this time with you by phone or e-mail. To change it, call us on{" "}
                <a className="font-semibold underline" href={`tel:${business.phoneE164}`}>
                  {business.phone}
                </a>
                .
              </p>
            ) : !b.anyFree ? (
              <p className="mt-2">
                No other times are free just now. Call us on{" "}
                <a className="font-semibold underline" href={`tel:${business.phoneE164}`}>
                  {business.phone}
                </a>
                .
              </p>
            ) : (
              <form method="post" action={`${base}/reschedule`} className="mt-4 space-y-5">
                <WeekDays week={b} control={{ kind: "link", hrefFor: (date) => `${base}?date=${date}#move-heading` }} />
                <TimeChoices legend={`Times on ${b.selectedLabel} (Irish time)`} times={b.times} />
                <button type="submit" className="btn-dark">
                  Move my survey to this time
                </button>
              </form>
            )}
          </section>
          <section aria-labelledby="cancel-heading" className="mt-10">
            <h2 id="cancel-heading" className="text-2xl font-semibold">
              Cancel
            </h2>
            <p className="mt-2">
              If you no longer need the visit, cancel it and the time goes back to other customers.
            </p>
            <form method="post" action={`${base}/cancel`} className="mt-4">
              <button type="submit" className="btn border-2 border-red-700 text-red-800 hover:bg-red-50">
                Cancel this survey
              </button>
            </form>
          </section>
        </>
      )}
    </div>
  );
}
