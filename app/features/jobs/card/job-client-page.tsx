import { useRef, useState, type FormEvent } from "react";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import type SignaturePad from "signature_pad";
import { useHydrated } from "~/components/use-hydrated";
import { formatMoment } from "~/features/quotes/quote-dates";
import { SignatureField } from "~/features/quotes/signature-field";
import { PRIVATE_HEADERS } from "~/features/quotes/quote-client-api.server";
import { useBusiness } from "~/root";
import type { Route } from "./+types/job-client-page";
import { SIGN_OFF_MESSAGES_409 } from "./job-card-rules";
import { jobDayWhen } from "./job-dates";
import { clientJobView, findJobByToken, signOffJob } from "./job-sign-off.server";

// The client's job at /j/<token>: the programme (days in Irish time, the crew by name), the
// open and closed snags, and once the work is done the sign-off (typed name, a tick, and if they
// like a drawn signature). Private to whoever holds the link: never cached or indexed, outside the
// public layout. The form posts to this route's action and works without JavaScript.

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const job = await findJobByToken(db, params.token);
  // One answer for a link that is wrong in any way: nothing says which part.
  if (!job) throw data("Not found", { status: 404, headers: PRIVATE_HEADERS });
  return data({ job: await clientJobView(db, job) }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const result = await signOffJob(
    services,
    params.token,
    {
      name: text("name"),
      agree: text("agree") === "true" ? true : undefined,
      signature: text("signature") || undefined,
    },
    { ip: context.clientIp, userAgent: request.headers.get("user-agent") },
  );
  switch (result.status) {
    case "ok":
      services.outbox.kick();
      throw redirect(`/j/${params.token}#sign-off`, { status: 303, headers: PRIVATE_HEADERS });
    case "not-found":
      throw data("Not found", { status: 404, headers: PRIVATE_HEADERS });
    case "invalid":
      return data({ errors: result.errors, message: null }, { status: 400, headers: PRIVATE_HEADERS });
    default:
      return data(
        { errors: {}, message: SIGN_OFF_MESSAGES_409[result.status] },
        { status: 409, headers: PRIVATE_HEADERS },
      );
  }
}

export const headers = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0]?.loaderData as { business: { name: string } } | undefined;
  const name = root?.business.name ?? "";
  return [
    { title: loaderData ? `Job ${loaderData.job.number} | ${name}` : "Page Not Found" },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export default function JobClientPage({ loaderData, params }: Route.ComponentProps) {
  const { job } = loaderData;
  const business = useBusiness();
  const open = job.snags.filter((s) => !s.closedAt);
  const closed = job.snags.filter((s) => s.closedAt);
  return (
    <main id="main" className="min-h-screen bg-mist px-4 py-6 text-navy-900 sm:py-10">
      <div className="mx-auto max-w-2xl space-y-6">
        <header>
          <p className="text-sm font-semibold text-slate-brand">{business.name}</p>
          <h1 className="mt-1 text-2xl font-bold">
            Job <span className="whitespace-nowrap">{job.number}</span>
          </h1>
          {job.title && <p className="mt-1 text-lg">{job.title}</p>}
          <p className="mt-1 text-slate-brand">{[...job.site.address, job.site.eircode].filter(Boolean).join(", ")}</p>
        </header>

        <section
          aria-labelledby="programme-heading"
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10"
        >
          <h2 id="programme-heading" className="text-xl font-bold">
            Programme
          </h2>
          {job.days.length === 0 ? (
            <p className="mt-2 text-slate-brand">We will send you the dates as soon as the work is scheduled.</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {job.days.map((day) => (
                <li key={day.start}>
                  <p className="font-semibold">{jobDayWhen(new Date(day.start), new Date(day.end))}</p>
                  {day.crew.length > 0 && <p className="text-sm text-slate-brand">Crew: {day.crew.join(", ")}</p>}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="snags-heading" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10">
          <h2 id="snags-heading" className="text-xl font-bold">
            Snags
          </h2>
          {job.snags.length === 0 && <p className="mt-2 text-slate-brand">No snags recorded.</p>}
          {open.length > 0 && (
            <>
              <h3 className="mt-3 font-semibold">Open</h3>
              <ul className="mt-1 list-disc space-y-1 break-words pl-5">
                {open.map((s) => (
                  <li key={s.id}>{s.text}</li>
                ))}
              </ul>
            </>
          )}
          {closed.length > 0 && (
            <>
              <h3 className="mt-3 font-semibold">Closed</h3>
              <ul className="mt-1 list-disc space-y-1 break-words pl-5">
                {closed.map((s) => (
                  <li key={s.id}>
                    {s.text}{" "}
                    <span className="text-sm text-slate-brand">(closed {formatMoment(new Date(s.closedAt!))})</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>

        <section
          id="sign-off"
          aria-labelledby="sign-off-heading"
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10"
        >
          <h2 id="sign-off-heading" className="text-xl font-bold">
            Sign-off
          </h2>
          {job.state === "signed" && job.signOff && (
            <div className="mt-2 space-y-2">
              <p role="status" className="font-semibold">
                Signed off by {job.signOff.name} on {formatMoment(new Date(job.signOff.at))}. Thank you.
              </p>
              <a className="btn-dark inline-flex" href={`/j/${params.token}/handover.pdf`}>
                Download the handover pack (PDF)
              </a>
            </div>
          )}
          {job.state === "not-ready" && (
            <p className="mt-2 text-slate-brand">
              Once the work is done we will ask you to check it and sign it off here.
            </p>
          )}
          {job.state === "open" && <SignOffForm />}
        </section>
      </div>
    </main>
  );
}

function SignOffForm() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const signature = useRef<HTMLInputElement>(null);
  const [pad, setPad] = useState<SignaturePad | null>(null);
  const errors: Record<string, string | undefined> = answer?.errors ?? {};
  const onSubmit = (_event: FormEvent<HTMLFormElement>) => {
    if (signature.current) signature.current.value = pad && !pad.isEmpty() ? pad.toDataURL("image/png") : "";
  };
  return (
    <Form method="post" onSubmit={onSubmit} className="mt-3 space-y-4" noValidate={false}>
      <p className="text-slate-brand">
        The work is done. Please check it, and if you are happy, sign it off: we will e-mail you the handover pack.
      </p>
      {answer?.message && (
        <p role="alert" className="font-semibold text-red-800">
          {answer.message}
        </p>
      )}
      <div>
        <label htmlFor="sign-off-name" className="block font-semibold">
          Your full name
        </label>
        <input
          id="sign-off-name"
          name="name"
          required
          maxLength={200}
          autoComplete="name"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? "sign-off-name-error" : undefined}
          className="mt-1 min-h-12 w-full rounded-lg border border-slate-brand px-3 py-2 text-base"
        />
        {errors.name && (
          <p id="sign-off-name-error" className="mt-1 text-sm text-red-800">
            {errors.name}
          </p>
        )}
      </div>
      <div className="min-h-6">{hydrated && <SignatureField pad={pad} onPad={setPad} />}</div>
      <input ref={signature} type="hidden" name="signature" defaultValue="" />
      {errors.signature && <p className="text-sm text-red-800">{errors.signature}</p>}
      <div className="flex items-start gap-3">
        <input
          id="sign-off-agree"
          type="checkbox"
          name="agree"
          value="true"
          required
          aria-invalid={errors.agree ? true : undefined}
          aria-describedby={errors.agree ? "sign-off-agree-error" : undefined}
          className="mt-1 h-6 w-6 shrink-0 accent-navy-900"
        />
        <label htmlFor="sign-off-agree">I confirm the work is complete, on behalf of the client.</label>
      </div>
      {errors.agree && (
        <p id="sign-off-agree-error" className="text-sm text-red-800">
          {errors.agree}
        </p>
      )}
      <button type="submit" className="btn-dark min-h-12 w-full sm:w-auto" disabled={navigation.state === "submitting"}>
        Sign off the job
      </button>
    </Form>
  );
}
