import { data, Link } from "react-router";
import { formText } from "~/forms/form-values";
import { JsonLd } from "~/components/json-ld";
import { loadPageContent } from "~/features/pages/page-content.server";
import { getLocalBusinessJsonLd } from "~/features/seo/local-business.server";
import { canonicalPath, seoMeta } from "~/features/seo/meta";
import { useRootData } from "~/root";
import type { Route } from "./+types/contact-page";
import { UTM_KEYS } from "~/features/leads/attribution";
import { requestAttribution } from "~/features/leads/request-attribution";
import { ContactForm, type ContactFormProps } from "./contact-form";
import { contactPageFields } from "./contact-page-fields";
import { CONTACT_FIELDS, SERVICE_OPTIONS } from "./contact-fields";
import { CONTACT_WORDS, submitContact } from "./contact.server";
import { answerLead } from "~/features/leads/lead-answer";
import { issueFormToken } from "~/features/leads/form-token.server";
import { readEstimateId } from "~/features/estimate/estimate-token.server";
import { estimateMessage } from "~/features/estimate/stored-estimate";

export function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  const service = url.searchParams.get("service");
  // "Send me this estimate and book a free survey": the signed estimate rides along in the URL.
  const estimateId = url.searchParams.get("estimate");
  const estimate = estimateId ? readEstimateId(context.services.appSecret, estimateId) : null;
  const rows = getLocalBusinessJsonLd(context.services).then((localBusiness) => ({
    estimate: estimate && estimateId ? { id: estimateId, ...estimate, message: estimateMessage(estimate) } : null,
    localBusiness,
    formToken: issueFormToken(context.services.appSecret),
    defaultService: SERVICE_OPTIONS.find((s) => s === (estimate?.service ?? service)),
    attribution: requestAttribution(request, url),
  }));
  // The form carries a fresh time-stamped token: never serve it from a cache.
  return loadPageContent(args, contactPageFields, rows, { "Cache-Control": "no-store" });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.get("Retry-After") ? actionHeaders : loaderHeaders;
}

/** A plain form post (no JavaScript): validated on the server, answered on the same page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const raw: Record<string, string | Record<string, string>> = {};
  const utm: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    if ((UTM_KEYS as ReadonlyArray<string>).includes(key)) utm[key] = value;
    else raw[key] = value;
  }
  raw.utm = utm;
  const outcome = await submitContact(raw, {
    services: context.services,
    formToken: "required",
    ip: context.clientIp,
    headers: Object.fromEntries(request.headers),
    logger: context.logger,
  });
  const answer = answerLead(outcome, { ...CONTACT_WORDS, phone: context.services.business.phone });
  const result: ContactFormProps["result"] =
    answer.status < 300
      ? { sent: true, message: answer.body.message }
      : {
          sent: false,
          message: answer.body.message,
          fieldErrors: answer.body.fieldErrors ?? {},
          values: Object.fromEntries(CONTACT_FIELDS.map((f) => [f, formText(form, f)])),
        };
  // A page answers "sent" with 200 (the API's 201 Created is for JSON clients).
  return data(result, {
    status: answer.status < 300 ? 200 : answer.status,
    headers: { ...answer.headers, "Cache-Control": "no-store" },
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const root = matches[0].loaderData;
  // A staff preview of a draft is never for search engines.
  return [
    ...(loaderData?.preview ? [{ name: "robots", content: "noindex" }] : []),
    ...seoMeta({
      title: loaderData?.page?.title ?? `Contact Us | ${root.business.name}`,
      description: loaderData?.page?.description,
      path: canonicalPath(loaderData, location),
      siteUrl: root.siteUrl,
      siteName: root.business.name,
    }),
  ];
};

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const business = useRootData()?.business;
  const f = loaderData.fields;
  return (
    <div className="container-page py-12 sm:py-16">
      <JsonLd data={loaderData.localBusiness} />
      <div className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{f.heading}</h1>
        <p className="mt-4 text-lg leading-relaxed text-slate-brand">{f.intro}</p>
      </div>
      <div className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section
          aria-labelledby="form-heading"
          className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10 sm:p-8"
        >
          <h2 id="form-heading" className="text-2xl font-semibold">
            {f.formHeading}
          </h2>
          <p className="mt-2 text-slate-brand">{f.formIntro}</p>
          <p className="mt-2">
            Ready for a visit?{" "}
            <Link to="/book" className="font-semibold text-navy-700 underline underline-offset-4">
              Book a free site survey
            </Link>{" "}
            at a time that suits you.
          </p>
          <div className="mt-6">
            <ContactForm
              formToken={loaderData.formToken}
              defaultService={loaderData.defaultService}
              estimate={loaderData.estimate}
              attribution={loaderData.attribution}
              result={actionData}
              phone={business ? { display: business.phone, e164: business.phoneE164 } : undefined}
            />
          </div>
        </section>
        {business && (
          <aside aria-labelledby="info-heading" className="space-y-6">
            <div className="rounded-xl bg-navy-900 p-6 text-white sm:p-8">
              <h2 id="info-heading" className="text-2xl font-semibold">
                {f.infoHeading}
              </h2>
              <dl className="mt-6 space-y-5">
                <div>
                  <dt className="text-sm font-semibold uppercase tracking-wider text-amber-brand">{f.locationLabel}</dt>
                  <dd className="mt-1">{business.locationLabel}</dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold uppercase tracking-wider text-amber-brand">{f.phoneLabel}</dt>
                  <dd className="mt-1">
                    <a href={`tel:${business.phoneE164}`} className="font-semibold underline-offset-4 hover:underline">
                      {business.phone}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold uppercase tracking-wider text-amber-brand">{f.emailLabel}</dt>
                  <dd className="mt-1">
                    <a href={`mailto:${business.email}`} className="font-semibold underline-offset-4 hover:underline">
                      {business.email}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold uppercase tracking-wider text-amber-brand">{f.hoursLabel}</dt>
                  <dd className="mt-1">{business.openingHours.label}</dd>
                </div>
              </dl>
            </div>
            <img
              src="/images/map-dublin.svg"
              alt={f.mapAlt}
              width={800}
              height={600}
              loading="lazy"
              decoding="async"
              className="h-auto w-full rounded-xl ring-1 ring-navy-900/10"
            />
          </aside>
        )}
      </div>
    </div>
  );
}
