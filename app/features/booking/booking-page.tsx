import { data, Form, redirect, useNavigation } from "react-router";
import { formText } from "~/forms/form-values";
import { useBusiness } from "~/root";
import type { Route } from "./+types/booking-page";
import { slotChoices } from "./slot-choices.server";
import { findBookingByToken } from "./bookings.server";
import { DONE_MESSAGES } from "./booking-answer";
import { bookingRefusal, cancelBooking, changeDone, rescheduleBooking } from "./manage-booking.server";
import { surveyWhen } from "~/features/time/dublin-time";
import { TimeChoices, WeekDays } from "./slot-picker";

// /booking/<token>: the visitor's own page for one survey, reached from the invitation. It shows
// the time and place and lets them move it to another free time or cancel; both forms post to this
// route's action (with or without JavaScript) and a change made comes back here with ?done=. Scripts
// use the JSON API (/booking/<token>/reschedule, /cancel), which answers in the same words. Secret
// link: never indexed, never cached; an unknown token is a 404.

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
      ...choices,
    },
    { headers: PRIVATE },
  );
}

/**
 * The reschedule or cancel form's post. Done: back to the page, which says so. Refused (the time
 * taken, not one offered, too many changes…): the page with the reason, nothing changed.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  const form = await request.formData();
  const change = formText(form, "intent") === "cancel" ? "cancel" : "reschedule";
  const where = { token: params.token };
  const result =
    change === "cancel"
      ? await cancelBooking(services, where, null)
      : await rescheduleBooking(services, where, formText(form, "start"), null);
  if (result.status === "not-found") throw data("No such booking", { status: 404, headers: PRIVATE });
  if (result.status === "ok")
    throw redirect(`/booking/${encodeURIComponent(params.token)}?done=${changeDone(change, result)}`, {
      status: 303,
      headers: PRIVATE,
    });
  const refusal = bookingRefusal(result, services.business.phone);
  const headers = new Headers(PRIVATE);
  if (refusal.retryAfterSeconds) headers.set("Retry-After", String(refusal.retryAfterSeconds));
  const fieldErrors: { start?: string } = refusal.fieldErrors ?? {};
  return data({ error: refusal.message, fieldErrors }, { status: refusal.status, headers });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  if (actionHeaders.get("Retry-After")) return actionHeaders;
  return loaderHeaders.get("Cache-Control") ? loaderHeaders : PRIVATE;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0].loaderData;
  return [{ title: `Your site survey | ${root.business.name}` }, { name: "robots", content: "noindex, nofollow" }];
};

export default function BookingPage({ loaderData: b, actionData }: Route.ComponentProps) {
  const business = useBusiness();
  const navigation = useNavigation();
  const sending = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const base = `/booking/${b.token}`;
  const error = actionData?.error;
  return (
    <div className="container-page max-w-4xl py-12 sm:py-16">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Your site survey</h1>
      {b.done && !error && (
        <p role="status" className="mt-6 rounded-md bg-mist p-4 font-medium">
          {b.done}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-6 rounded-md bg-red-50 p-4 font-medium text-red-800">
          {error}
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
              <Form method="post" className="mt-4 space-y-5">
                <input type="hidden" name="intent" value="reschedule" />
                <WeekDays week={b} control={{ kind: "link", hrefFor: (date) => `${base}?date=${date}#move-heading` }} />
                <TimeChoices
                  legend={`Times on ${b.selectedLabel} (Irish time)`}
                  times={b.times}
                  error={actionData?.fieldErrors.start}
                />
                <button type="submit" className="btn-dark" disabled={sending("reschedule")}>
                  Move my survey to this time
                </button>
              </Form>
            )}
          </section>
          <section aria-labelledby="cancel-heading" className="mt-10">
            <h2 id="cancel-heading" className="text-2xl font-semibold">
              Cancel
            </h2>
            <p className="mt-2">
              If you no longer need the visit, cancel it and the time goes back to other customers.
            </p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="cancel" />
              <button
                type="submit"
                className="btn border-2 border-red-700 text-red-800 hover:bg-red-50"
                disabled={sending("cancel")}
              >
                Cancel this survey
              </button>
            </Form>
          </section>
        </>
      )}
    </div>
  );
}
