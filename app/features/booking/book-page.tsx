import { data, redirect } from "react-router";
import { SERVICE_OPTIONS } from "~/features/contact/contact-fields";
import { readEstimateId } from "~/features/estimate/estimate-token.server";
import { issueFormToken } from "~/features/leads/form-token.server";
import { leadFormBody, requestAttribution } from "~/features/leads/request-attribution";
import { canonicalPath, seoMeta } from "~/features/seo/meta";
import { pagePath } from "~/features/pages/page-slugs";
import { formText } from "~/forms/form-values";
import { useBusiness } from "~/root";
import type { AppServices } from "~/services.server";
import type { Route } from "./+types/book-page";
import { BOOK_FIELDS, BookForm, type BookValues } from "./book-form";
import { answerBooking } from "./booking-flow.server";
import { EIRCODE_PATTERN, formatEircode } from "./booking-schema";
import { slotChoices, weekChoices } from "./slot-choices.server";

// /book: pick a day, a time and say where; server-rendered so it works without JavaScript (the
// week's days and the previous and next weeks are buttons of the form, each time a radio button,
// the form a plain post). It pages through the owner's whole horizon; a day that cannot be booked
// is answered 400 with words. "Pick a survey time" on an estimate opens it with ?estimate=<id>:
// the signed estimate fills in the service and place and goes onto the lead. The page is never
// cached: its times are live and its form carries a fresh time-stamped token.

const NO_STORE = { "Cache-Control": "no-store" };

/** The signed estimate an id carries, for the page (null: none, or not genuine). */
function estimateOf(services: AppServices, id: string | null) {
  const estimate = id ? readEstimateId(services.appSecret, id) : null;
  return estimate && id ? { id, ...estimate } : null;
}

/** What an estimate fills in: its service, and its place as an Eircode or else an address. */
function estimateValues(estimate: NonNullable<ReturnType<typeof estimateOf>>): BookValues {
  const location = estimate.location?.trim() ?? "";
  const eircode = EIRCODE_PATTERN.test(location) ? formatEircode(location) : "";
  return {
    service: SERVICE_OPTIONS.find((s) => s === estimate.service) ?? "",
    eircode,
    address: eircode ? "" : location,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const db = services.database.db;
  const url = new URL(request.url);
  const now = new Date();
  const wanted = await slotChoices(db, now, url.searchParams.get("date"));
  const choices = wanted.ok ? wanted.choices : await weekChoices(db, now, null);
  const estimate = estimateOf(services, url.searchParams.get("estimate"));
  const service = url.searchParams.get("service");
  return data(
    {
      path: pagePath("book"),
      choices,
      problem: wanted.ok ? null : wanted.message,
      formToken: issueFormToken(services.appSecret),
      estimate,
      values: estimate
        ? estimateValues(estimate)
        : ({ service: SERVICE_OPTIONS.find((s) => s === service) ?? "" } satisfies BookValues),
      attribution: requestAttribution(request, url),
    },
    { status: wanted.ok ? 200 : 400, headers: NO_STORE },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.get("Retry-After") ? actionHeaders : loaderHeaders;
}

/**
 * The form's post. A day change (a day or week button, or "Show times" with a date) shows that
 * day with everything typed kept, booking nothing; otherwise it books: booked → the manage page;
 * else the same page with the answer and the fields as typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const form = await request.formData();
  const values: BookValues = Object.fromEntries([...BOOK_FIELDS, "start"].map((f) => [f, formText(form, f)]));
  const kept = {
    values,
    formToken: formText(form, "formToken"),
    estimate: estimateOf(services, formText(form, "estimateId") || null),
  };
  const dayChange = form.has("day") || formText(form, "intent") === "show";
  if (dayChange) {
    const day = form.has("day") ? formText(form, "day") : formText(form, "goto");
    const answer = await slotChoices(services.database.db, new Date(), day || null);
    return data(
      {
        ...kept,
        choices: answer.ok ? answer.choices : null,
        problem: answer.ok ? null : answer.message,
        error: null,
        fieldErrors: {},
      },
      { status: answer.ok ? 200 : 400, headers: NO_STORE },
    );
  }
  const answer = await answerBooking(leadFormBody(form), {
    services,
    formToken: "required",
    ip: context.clientIp,
    headers: Object.fromEntries(request.headers),
    logger: context.logger,
  });
  // A request held for review goes to its page the same way (the page words it by its state).
  if (answer.outcome.status === "booked" || answer.outcome.status === "requested")
    throw redirect(`/booking/${answer.outcome.booking.token}?done=booked`, { status: 303, headers: NO_STORE });
  return data(
    {
      ...kept,
      choices: null,
      problem: null,
      status: answer.status,
      error: answer.body.message,
      fieldErrors: answer.body.fieldErrors ?? {},
    },
    {
      // A page answers "taken in" with 200; errors keep their status.
      status: answer.status === 202 ? 200 : answer.status,
      headers: { ...answer.headers, ...NO_STORE },
    },
  );
}

const TITLE = "Book a Free Site Survey";
const DESCRIPTION =
  "Pick a time for a free site survey in Dublin, Kildare or Wicklow: a surveyor measures up, checks access and talks you through ceiling and partition options.";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `${TITLE} | ${root.business.name}`,
    description: DESCRIPTION,
    path: canonicalPath(loaderData, location),
    siteUrl: root.siteUrl,
    siteName: root.business.name,
  });
};

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  const business = useBusiness();
  const pending = actionData && "status" in actionData && actionData.status === 202;
  const choices = actionData?.choices ?? loaderData.choices;

  return (
    <div className="container-page py-12 sm:py-16">
      <div className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{TITLE}</h1>
        <p className="mt-4 text-lg leading-relaxed text-slate-brand">
          A surveyor visits your shop, office or unit, measures up, checks the ceiling void or walls and access, and
          talks you through the options. It takes about an hour, costs nothing, and you get a written quote after.
        </p>
      </div>

      {pending ? (
        <section role="status" className="mt-10 max-w-3xl rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
          <h2 className="text-2xl font-semibold">Request received</h2>
          <p className="mt-2">{actionData.error}</p>
        </section>
      ) : !choices.anyFree ? (
        <section className="mt-10 max-w-3xl rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
          <h2 className="text-2xl font-semibold">No survey times free just now</h2>
          <p className="mt-2">
            There are no survey times to book online in the coming weeks. Call us on{" "}
            <a className="font-semibold underline" href={`tel:${business.phoneE164}`}>
              {business.phone}
            </a>{" "}
            or{" "}
            <a className="font-semibold underline" href="/contact-us">
              send us a message
            </a>{" "}
            and we will fit you in.
          </p>
        </section>
      ) : (
        <BookForm
          choices={choices}
          problem={actionData ? actionData.problem : loaderData.problem}
          error={actionData?.error ?? null}
          fieldErrors={actionData?.fieldErrors ?? {}}
          values={actionData?.values ?? loaderData.values}
          formToken={actionData?.formToken || loaderData.formToken}
          estimate={actionData?.estimate ?? loaderData.estimate}
          attribution={loaderData.attribution}
        />
      )}
    </div>
  );
}
