import { data, Link } from "react-router";
import { loadPageContent } from "~/features/pages/page-content.server";
import { publicPageHeaders } from "~/features/seo/cache-headers";
import { editablePageMeta } from "~/features/seo/meta";
import { useBusiness } from "~/root";
import type { Route } from "./+types/estimate-page";
import { metaFallback } from "./estimate-content";
import { EstimateForm, type EstimateAnswer, type EstimateFormValues } from "./estimate-form";
import { estimatePageFields } from "./estimate-page-fields";
import { answerEstimate, runEstimate } from "./estimate.server";
import { getPriceList } from "./pricing.server";
import { formatEuro, formatOptionValue, formatRate } from "./price-list";

/** The page (cached like every public page): its words, the price table for the form and the rates table. */
export function loader(args: Route.LoaderArgs) {
  const wanted = new URL(args.request.url).searchParams.get("item");
  const more = getPriceList(args.context.services.database.db).then(({ updatedAt: _updatedAt, ...prices }) => ({
    prices,
    initialItem: prices.items.find((i) => i.key === wanted)?.key ?? prices.items[0]!.key,
  }));
  return loadPageContent(args, estimatePageFields, more);
}

/** Without JavaScript the form posts here and the page answers with the estimate (never cached). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: EstimateFormValues = {
    item: text("item"),
    quantity: text("quantity"),
    length: text("length"),
    width: text("width"),
    options: form.getAll("options").filter((o): o is string => typeof o === "string"),
    location: text("location"),
  };
  const outcome = await runEstimate(
    {
      item: values.item,
      quantity: values.quantity.trim() || areaOf(values.length, values.width) || "",
      options: values.options,
      location: values.location,
    },
    { services: context.services, ip: context.clientIp },
  );
  const answer = answerEstimate(outcome, context.services.business.phone);
  const result: EstimateAnswer =
    answer.status === 200
      ? { values, estimate: answer.body }
      : answer.body.fieldErrors
        ? { values, fieldErrors: answer.body.fieldErrors }
        : { values, message: answer.body.message };
  return data(result, { status: answer.status, headers: answer.headers });
}

/** Length × width in m² (2 decimals), when both are positive numbers; otherwise null. */
export function areaOf(length: string, width: string): number | null {
  const l = Number(length.trim().replace(",", "."));
  const w = Number(width.trim().replace(",", "."));
  return l > 0 && w > 0 && Number.isFinite(l * w) ? Math.round(l * w * 100) / 100 : null;
}

// An answer to a post is the visitor's own and is never cached; the page itself is.
// A staff preview of a draft (the loader's no-store) is never cached either.
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  if (actionHeaders.get("Cache-Control")) return actionHeaders;
  return loaderHeaders.get("Cache-Control") ? loaderHeaders : publicPageHeaders();
}

export const meta: Route.MetaFunction = editablePageMeta({ fallback: metaFallback });

export default function EstimatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { prices, initialItem, fields: f } = loaderData;
  const business = useBusiness();
  const radiusKm = Math.round(business.serviceRadiusMetres / 1000);
  return (
    <>
      {/* A short hero: on a phone the form should start on the first screen. */}
      <section className="bg-navy-900 text-white" aria-labelledby="page-heading">
        <div className="container-page py-8 sm:py-12">
          <p className="text-sm font-semibold uppercase tracking-wider text-amber-brand">{f.heroEyebrow}</p>
          <h1 id="page-heading" className="mt-3 text-3xl font-bold leading-tight tracking-tight sm:text-5xl">
            {f.heroHeading}
          </h1>
          <p className="mt-4 max-w-3xl leading-relaxed text-white/85 sm:text-lg">{f.heroLead}</p>
        </div>
      </section>
      <div className="container-page py-10 sm:py-14">
        <EstimateForm prices={prices} initialItem={initialItem} radiusKm={radiusKm} answer={actionData} />
      </div>

      <section className="bg-paper py-14 sm:py-16" aria-labelledby="assumptions-heading">
        <div className="container-page grid gap-10 lg:grid-cols-2">
          <div>
            <h2 id="assumptions-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {f.assumptionsHeading}
            </h2>
            <ul className="mt-5 list-disc space-y-2 pl-6 leading-relaxed text-slate-brand marker:text-amber-deep">
              {f.assumptions.map((a) => (
                <li key={a}>{a}</li>
              ))}
              <li>Small jobs carry a minimum charge of {formatEuro(prices.minimumChargeEur)} before VAT.</li>
            </ul>
          </div>
          <div className="rounded-xl bg-navy-900 p-6 text-white sm:p-8">
            <h2 className="text-2xl font-bold tracking-tight">{f.surveyHeading}</h2>
            <p className="mt-3 leading-relaxed text-white/85">{f.surveyText}</p>
            <p className="mt-4 text-white/85">
              Prefer to talk it through? Call us on{" "}
              <a href={`tel:${business.phoneE164}`} className="font-semibold text-white underline underline-offset-4">
                {business.phone}
              </a>
              .
            </p>
          </div>
        </div>
      </section>

      <section className="py-14 sm:py-16" aria-labelledby="rates-heading">
        <div className="container-page">
          <h2 id="rates-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {f.ratesHeading}
          </h2>
          <p className="mt-3 max-w-3xl leading-relaxed text-slate-brand">{f.ratesIntro}</p>
          <div className="mt-6 overflow-x-auto rounded-xl ring-1 ring-navy-900/10">
            <table className="w-full min-w-[20rem] text-left text-[15px]">
              <caption className="sr-only">Typical rates before VAT</caption>
              <thead className="bg-mist text-sm uppercase tracking-wider text-slate-brand">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Work
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Typical rate
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-navy-900/10 bg-white">
                {prices.items.map((item) => (
                  <tr key={item.key}>
                    <th scope="row" className="px-4 py-3 font-medium">
                      {item.label}
                    </th>
                    <td className="px-4 py-3">{formatRate(item)}</td>
                  </tr>
                ))}
                {prices.options.map((option) => (
                  <tr key={option.key}>
                    <th scope="row" className="px-4 py-3 font-medium">
                      {option.label}
                    </th>
                    <td className="px-4 py-3">
                      {formatOptionValue(option)}
                      {option.kind === "percent" ? " on the work" : ""}
                    </td>
                  </tr>
                ))}
                <tr>
                  <th scope="row" className="px-4 py-3 font-medium">
                    Minimum job charge
                  </th>
                  <td className="px-4 py-3">{formatEuro(prices.minimumChargeEur)}</td>
                </tr>
              </tbody>
            </table>
          </div>
          <p className="mt-8 flex flex-wrap items-center gap-x-4 gap-y-3 text-slate-brand">
            <Link to={f.closingButton.href} className="btn-dark">
              {f.closingButton.label}
            </Link>
            <span>{f.closingText}</span>
          </p>
        </div>
      </section>
    </>
  );
}
