import { Link } from "react-router";
import { EstimateLink } from "~/features/estimate/estimate-link";
import { loadPageContent } from "~/features/pages/page-content.server";
import { pageHeaders } from "~/features/pages/page-preview";
import { editablePageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/shop-ceiling";
import { contactHref } from "./contact-href";
import { CtaBand } from "./cta-band";
import { CheckList, FieldsHero, HeadedSection, PhoneLink, PointGrid } from "./page-sections";
import { hero, metaFallback, salon } from "./shop-ceiling-content";
import { shopCeilingFields } from "./shop-ceiling-fields";

export const loader = (args: Route.LoaderArgs) => loadPageContent(args, shopCeilingFields);

export const headers = pageHeaders;

export const meta: Route.MetaFunction = editablePageMeta({ fallback: metaFallback });

/** Where each "find out more" card links, by position in its field. */
const MORE_TARGETS = [
  "/shop-ceiling-specialists",
  "/blog/shop-ceiling-trends",
  contactHref("Shop Ceiling Installation"),
];

export default function ShopCeilingPage({ loaderData }: Route.ComponentProps) {
  const f = loaderData.fields;
  return (
    <>
      <FieldsHero f={f} image={hero.image} primary={f.quoteButton} secondary={f.specialistsButton} />

      <HeadedSection id="why-heading" heading={f.whyHeading} intro={f.whyIntro}>
        <div className="mt-12">
          <PointGrid points={f.whyPoints} columns="lg:grid-cols-4" />
        </div>
      </HeadedSection>

      <section className="bg-paper py-16 sm:py-20" aria-labelledby="programme-heading">
        <div className="container-page grid gap-10 lg:grid-cols-[2fr_3fr] lg:items-start">
          <div>
            <h2 id="programme-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {f.programmeHeading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-brand">{f.programmeIntro}</p>
            <p className="mt-4 leading-relaxed text-slate-brand">{f.programmeNote}</p>
          </div>
          <ol className="space-y-4">
            {f.nights.map((n, i) => (
              <li key={i} className="flex gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10">
                <span className="flex h-10 w-16 shrink-0 items-center justify-center rounded-full bg-navy-900 text-sm font-bold text-white">
                  {`${f.nightLabel} ${i + 1}`}
                </span>
                <div>
                  <h3 className="font-semibold">{n.title}</h3>
                  <p className="mt-1 text-[15px] leading-relaxed text-slate-brand">{n.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="hair-salons" className="py-16 sm:py-20" aria-labelledby="salon-heading">
        <div className="container-page grid items-center gap-10 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-amber-deep">{f.salonEyebrow}</p>
            <h2 id="salon-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
              {f.salonHeading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-brand">{f.salonIntro}</p>
            <CheckList items={f.salonPoints} className="mt-6" />
          </div>
          <figure className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-navy-900/10">
            <img
              src={salon.image.src}
              alt={salon.image.alt}
              width={salon.image.width}
              height={salon.image.height}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] w-full bg-mist object-cover"
            />
            <figcaption className="p-5 text-[15px] leading-relaxed text-slate-brand">{f.salonExample}</figcaption>
          </figure>
        </div>
      </section>

      <HeadedSection id="options-heading" heading={f.optionsHeading} intro={f.optionsIntro} background="navy">
        <dl className="mx-auto mt-12 grid max-w-5xl gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {f.options.map((o, i) => (
            <div key={i} className="rounded-xl bg-navy-800 p-5">
              <dt className="text-sm font-semibold uppercase tracking-wider text-amber-brand">{o.label}</dt>
              <dd className="mt-2 text-lg font-semibold">{o.value}</dd>
            </div>
          ))}
        </dl>
      </HeadedSection>

      <HeadedSection id="more-heading" heading={f.moreHeading} intro={f.moreIntro} background="paper">
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {f.moreCards.map((card, i) => (
            <li key={i} className="flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
              <h3 className="text-lg font-semibold">{card.title}</h3>
              <p className="mt-2 flex-1 text-[15px] leading-relaxed text-slate-brand">{card.text}</p>
              <Link
                to={MORE_TARGETS[i] ?? "/contact-us"}
                className="mt-4 inline-flex items-center gap-1 font-semibold text-teal-brand hover:underline"
              >
                {card.action}
                <span className="sr-only">: {card.title}</span>
                <span aria-hidden="true">→</span>
              </Link>
            </li>
          ))}
        </ul>
      </HeadedSection>

      <CtaBand id="cta-heading" heading={f.ctaHeading} text={f.ctaText}>
        <Link to={f.quoteButton.href} className="btn-dark">
          {f.quoteButton.label}
        </Link>
        <EstimateLink item="shop-ceiling" />
        <PhoneLink />
      </CtaBand>
    </>
  );
}
