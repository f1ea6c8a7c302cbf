import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { PRIVATE_HEADERS } from "~/features/quotes/quote-client-api.server";
import { useBusiness } from "~/root";
import type { Route } from "./+types/review-page";
import { answerReview, declineReview, findReviewRequest, openReviewPage } from "./review-answers.server";
import { VERIFIED_CLIENT } from "./review-rules";

// The client's review form at /r/<token> (issue 39): private to the link (never cached or indexed,
// outside the public layout). Everyone sees the same choices: Google's review page when the business
// has one, this form, or "No thanks". The forms post to this route's action and work without JavaScript.

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context;
  const request = await findReviewRequest(services.database.db, params.token);
  // One answer for a link that is wrong in any way: nothing says which part.
  if (!request) throw data("Not found", { status: 404, headers: PRIVATE_HEADERS });
  const review = await openReviewPage(services.database.db, request);
  return data({ review, googleReviewUrl: services.business.googleReviewUrl }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = context.services.database;
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const result =
    field("intent") === "decline"
      ? await declineReview(db, params.token)
      : await answerReview(db, params.token, {
          stars: field("stars") ?? "",
          text: field("text") ?? "",
          name: field("name") ?? "",
          company: field("company"),
          consentName: field("consentName"),
        });
  switch (result.status) {
    case "not-found":
      throw data("Not found", { status: 404, headers: PRIVATE_HEADERS });
    case "invalid":
      return data({ errors: result.errors }, { status: 400, headers: PRIVATE_HEADERS });
    default:
      // Answered, declined, or already one of those: the page shows where the request stands.
      throw redirect(`/r/${params.token}`, { status: 303, headers: PRIVATE_HEADERS });
  }
}

export const headers = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0]?.loaderData as { business: { name: string } } | undefined;
  const name = root?.business.name ?? "";
  return [
    { title: loaderData ? `Your review | ${name}` : "Page Not Found" },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

const card = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6";

export default function ReviewPage({ loaderData }: Route.ComponentProps) {
  const { review, googleReviewUrl } = loaderData;
  const business = useBusiness();
  const job = review.jobTitle ? `${review.jobTitle}, ${review.area}` : review.area;
  return (
    <main id="main" className="min-h-screen bg-mist px-4 py-6 text-navy-900 sm:py-10">
      <div className="mx-auto max-w-2xl space-y-6">
        <header>
          <p className="text-sm font-semibold text-slate-brand">{business.name}</p>
          <h1 className="mt-1 text-2xl font-bold sm:text-3xl">
            {review.state === "answered" ? "Thank you for your review" : "How did we do?"}
          </h1>
          <p className="mt-1 text-slate-brand">{job}</p>
        </header>

        {review.state === "answered" && (
          <section className={card} aria-labelledby="thanks-heading">
            <h2 id="thanks-heading" className="text-xl font-bold">
              Your review has reached the office
            </h2>
            <p role="status" className="mt-2">
              Thank you for taking the time. We read every review ourselves before it goes on our website.
            </p>
            {googleReviewUrl && (
              <p className="mt-3">
                Other businesses also look for us on Google. If you have a Google account and a minute to spare,{" "}
                <a className="font-semibold underline" href={googleReviewUrl} rel="noreferrer">
                  you can post your review there too
                </a>
                .
              </p>
            )}
          </section>
        )}

        {review.state === "declined" && (
          <section className={card} aria-labelledby="declined-heading">
            <h2 id="declined-heading" className="text-xl font-bold">
              No problem
            </h2>
            <p role="status" className="mt-2">
              We will not send any more reminders about this job. Thank you for working with us, and if you ever change
              your mind, this page stays open.
            </p>
          </section>
        )}

        {review.state !== "answered" && (
          <>
            <section className={card} aria-labelledby="why-heading">
              <h2 id="why-heading" className="text-xl font-bold">
                Two minutes that help the next client
              </h2>
              <p className="mt-2">
                Businesses choosing a ceilings or partitions contractor read what earlier clients say. Whatever you
                thought of the job, an honest review helps them decide and shows us what to keep and what to fix.
              </p>
              {googleReviewUrl && (
                <p className="mt-3">
                  <a className="btn-outline inline-flex min-h-12 items-center" href={googleReviewUrl} rel="noreferrer">
                    Review us on Google
                  </a>
                  <span className="mt-2 block text-sm text-slate-brand">
                    Needs a Google account. Or use the form below, which needs none.
                  </span>
                </p>
              )}
            </section>
            <ReviewForm area={review.area} />
            <Form method="post" className="text-center">
              <input type="hidden" name="intent" value="decline" />
              <button type="submit" className="min-h-12 px-4 font-semibold underline">
                No thanks, I would rather not review
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}

const RATINGS = [
  { value: 5, label: "Excellent" },
  { value: 4, label: "Good" },
  { value: 3, label: "Average" },
  { value: 2, label: "Poor" },
  { value: 1, label: "Very poor" },
] as const;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-800">
      {message}
    </p>
  );
}

function ReviewForm({ area }: { area: string }) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors: Partial<Record<string, string>> = answer?.errors ?? {};
  const invalid = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `review-${name}-error` } : {};
  const input = "mt-1 min-h-12 w-full rounded-lg border border-slate-brand px-3 py-2 text-base";
  return (
    <Form method="post" className={`${card} space-y-5`} aria-labelledby="form-heading">
      <h2 id="form-heading" className="text-xl font-bold">
        Your review
      </h2>
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="font-semibold text-red-800">
          Please check the fields marked below.
        </p>
      )}
      <fieldset aria-describedby={errors.stars ? "review-stars-error" : undefined}>
        <legend className="font-semibold">Your rating</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-5">
          {RATINGS.map((r) => (
            <label
              key={r.value}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-brand/60 px-3 py-2 has-[:checked]:border-navy-900 has-[:checked]:bg-mist sm:flex-col sm:gap-1 sm:text-center"
            >
              <input type="radio" name="stars" value={r.value} required className="h-5 w-5 accent-navy-900" />
              <span
                aria-hidden="true"
                className="w-20 shrink-0 text-lg leading-none tracking-tight text-amber-deep sm:w-auto"
              >
                {"★".repeat(r.value)}
              </span>
              <span>
                {r.value} {r.value === 1 ? "star" : "stars"}
                <span className="block text-sm text-slate-brand">{r.label}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id="review-stars-error" message={errors.stars} />
      </fieldset>
      <div>
        <label htmlFor="review-text" className="block font-semibold">
          What would you tell another business about working with us?
        </label>
        <p id="review-text-hint" className="text-sm text-slate-brand">
          The work, the crew, keeping to the programme: whatever mattered to you.
        </p>
        <textarea
          id="review-text"
          name="text"
          required
          minLength={10}
          maxLength={3000}
          rows={6}
          className={input}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? "review-text-hint review-text-error" : "review-text-hint"}
        />
        <FieldError id="review-text-error" message={errors.text} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="review-name" className="block font-semibold">
            Your name
          </label>
          <input
            id="review-name"
            name="name"
            required
            minLength={2}
            maxLength={120}
            autoComplete="name"
            className={input}
            {...invalid("name")}
          />
          <FieldError id="review-name-error" message={errors.name} />
        </div>
        <div>
          <label htmlFor="review-company" className="block font-semibold">
            Company <span className="font-normal text-slate-brand">(optional)</span>
          </label>
          <input
            id="review-company"
            name="company"
            maxLength={160}
            autoComplete="organization"
            className={input}
            {...invalid("company")}
          />
          <FieldError id="review-company-error" message={errors.company} />
        </div>
      </div>
      <div className="flex items-start gap-3">
        <input
          id="review-consent"
          type="checkbox"
          name="consentName"
          value="on"
          aria-describedby="review-consent-hint"
          className="mt-1 h-6 w-6 shrink-0 accent-navy-900"
        />
        <div>
          <label htmlFor="review-consent" className="font-semibold">
            You may publish my name and company with my review
          </label>
          <p id="review-consent-hint" className="text-sm text-slate-brand">
            Leave this unticked and your review appears as “{VERIFIED_CLIENT}, {area}”.
          </p>
        </div>
      </div>
      <button type="submit" className="btn-dark min-h-12 w-full sm:w-auto" disabled={navigation.state === "submitting"}>
        Send my review
      </button>
    </Form>
  );
}
