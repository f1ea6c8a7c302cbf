import { useRef } from "react";
import { data, redirect } from "react-router";
import { HoneypotField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { SERVICE_OPTIONS } from "~/features/contact/contact-fields";
import { issueFormToken } from "~/features/leads/form-token.server";
import { seoMeta } from "~/features/seo/meta";
import { formText } from "~/forms/form-values";
import { useBusiness } from "~/root";
import type { Route } from "./+types/book-page";
import { slotChoices } from "./availability.server";
import { answerBooking } from "./booking-flow.server";
import { DayLinks, TimeChoices } from "./slot-picker";

// /book: pick a day, a time and say where; server-rendered so it works without JavaScript (each
// day is a link, each time a radio button, the form a plain post). The page is never cached: its
// times are live and its form carries a fresh time-stamped token.

const FIELDS = ["name", "email", "phone", "eircode", "address", "service", "message"] as const;
type Values = Partial<Record<(typeof FIELDS)[number] | "start", string>>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const choices = await slotChoices(context.services.database.db, new Date(), url.searchParams.get("date"));
  const service = url.searchParams.get("service");
  return data(
    {
      ...choices,
      formToken: issueFormToken(context.services.appSecret),
      defaultService: SERVICE_OPTIONS.find((s) => s === service) ?? "",
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.get("Retry-After") ? actionHeaders : loaderHeaders;
}

/** The form's post: booked → the manage page; otherwise the same page with the answer. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const raw: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") raw[key] = value;
  const answer = await answerBooking(raw, {
    services: context.services,
    formToken: "required",
    ip: context.clientIp,
    headers: Object.fromEntries(request.headers),
    logger: context.logger,
  });
  // A request held for review goes to its page the same way (the page words it by its state).
  if (answer.outcome.status === "booked" || answer.outcome.status === "requested")
    throw redirect(`/booking/${answer.outcome.booking.token}?done=booked`, {
      status: 303,
      headers: { "Cache-Control": "no-store" },
    });
  const values: Values = Object.fromEntries([...FIELDS, "start"].map((f) => [f, formText(form, f)]));
  return data(
    {
      status: answer.status,
      message: answer.body.message,
      fieldErrors: answer.body.fieldErrors ?? {},
      values,
    },
    {
      // A page answers "taken in" with 200; errors keep their status.
      status: answer.status === 202 ? 200 : answer.status,
      headers: { ...answer.headers, "Cache-Control": "no-store" },
    },
  );
}

const TITLE = "Book a Free Site Survey";
const DESCRIPTION =
  "Pick a time for a free site survey in Dublin, Kildare or Wicklow: a surveyor measures up, checks access and talks you through ceiling and partition options.";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `${TITLE} | ${root.business.name}`,
    description: DESCRIPTION,
    path: "/book",
    siteUrl: root.siteUrl,
    siteName: root.business.name,
  });
};

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  const business = useBusiness();
  const honeypot = useRef<HTMLInputElement>(null);
  const { days, selected, selectedLabel, times, formToken, defaultService } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  const pending = actionData?.status === 202;
  const error = actionData && !pending ? actionData.message : null;

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
          <p className="mt-2">{actionData.message}</p>
        </section>
      ) : days.length === 0 ? (
        <section className="mt-10 max-w-3xl rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
          <h2 className="text-2xl font-semibold">No survey times free just now</h2>
          <p className="mt-2">
            Every survey slot in the next few weeks is taken. Call us on{" "}
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
        <form
          method="post"
          action={selected ? `/book?date=${selected}` : "/book"}
          noValidate
          className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]"
        >
          <section
            aria-labelledby="when-heading"
            className="space-y-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10 sm:p-8"
          >
            <h2 id="when-heading" className="text-2xl font-semibold">
              1. Choose a day and time
            </h2>
            {error && (
              <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800">
                {error}
              </p>
            )}
            <DayLinks days={days} selected={selected} hrefFor={(date) => `/book?date=${date}#when-heading`} />
            <TimeChoices
              legend={`Times on ${selectedLabel} (Irish time)`}
              times={times}
              checked={values.start}
              error={errors.start}
            />
          </section>
          <section
            aria-labelledby="details-heading"
            className="space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10 sm:p-8"
          >
            <h2 id="details-heading" className="text-2xl font-semibold">
              2. Your details
            </h2>
            <input type="hidden" name="formToken" value={formToken} />
            <HoneypotField id="book-website" inputRef={honeypot} />
            <TextField
              label="Name"
              name="name"
              autoComplete="name"
              required
              defaultValue={values.name}
              error={errors.name}
            />
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={values.email}
              error={errors.email}
            />
            <TextField
              label="Phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              required
              hint="The surveyor rings if they are running late."
              defaultValue={values.phone}
              error={errors.phone}
            />
            <TextField
              label="Eircode"
              name="eircode"
              autoComplete="postal-code"
              hint="Or give the address below."
              defaultValue={values.eircode}
              error={errors.eircode}
            />
            <TextField
              label="Site address"
              name="address"
              autoComplete="street-address"
              optional
              defaultValue={values.address}
              error={errors.address}
            />
            <SelectField
              label="Service"
              name="service"
              optional
              defaultValue={values.service ?? defaultService}
              error={errors.service}
              options={[{ value: "", label: "Not sure yet" }, ...SERVICE_OPTIONS.map((s) => ({ value: s, label: s }))]}
            />
            <TextAreaField
              label="Anything the surveyor should know"
              name="message"
              optional
              rows={3}
              defaultValue={values.message}
              error={errors.message}
            />
            <button type="submit" className="btn-primary w-full">
              Book my free survey
            </button>
            <p className="text-sm text-slate-brand">
              You will get a calendar invitation by e-mail, with a link to change the time or cancel.
            </p>
          </section>
        </form>
      )}
    </div>
  );
}
