import { Link } from "react-router";
import { EstimateLink } from "~/features/estimate/estimate-link";
import { loadPageContent } from "~/features/pages/page-content.server";
import { pageHeaders } from "~/features/pages/page-preview";
import { editablePageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/partitions";
import { CtaBand } from "./cta-band";
import { CheckList, FieldsHero, HeadedSection, PhoneLink, PointGrid } from "./page-sections";
import { hero, metaFallback } from "./partitions-content";
import { partitionsFields } from "./partitions-fields";

export const loader = (args: Route.LoaderArgs) => loadPageContent(args, partitionsFields);

export const headers = pageHeaders;

export const meta: Route.MetaFunction = editablePageMeta({ fallback: metaFallback });

/** Each system card's anchor (/partitions#glass), by position in the systems field. */
const SYSTEM_ANCHORS = ["fire-rated", "acoustic", "glass", "demountable", "drywall"];

export default function PartitionsPage({ loaderData }: Route.ComponentProps) {
  const f = loaderData.fields;
  return (
    <>
      <FieldsHero f={f} image={hero.image} primary={f.quoteButton} secondary="phone" />

      <HeadedSection id="systems-heading" heading={f.systemsHeading} intro={f.systemsIntro}>
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {f.systems.map((s, i) => (
            <li
              key={i}
              id={SYSTEM_ANCHORS[i]}
              className="flex flex-col rounded-xl bg-paper p-6 ring-1 ring-navy-900/10"
            >
              <h3 className="text-xl font-semibold">{s.title}</h3>
              <p className="mt-1 text-sm font-semibold text-amber-deep">{s.spec}</p>
              <p className="mt-3 flex-1 leading-relaxed text-slate-brand">{s.text}</p>
              <p className="mt-4 border-t border-navy-900/10 pt-4 text-[15px]">
                <span className="font-semibold">{`${f.bestForLabel} `}</span>
                {s.bestFor}
              </p>
            </li>
          ))}
          <li className="flex flex-col justify-between rounded-xl bg-navy-900 p-6 text-white">
            <div>
              <h3 className="text-xl font-semibold">{f.surveyCardHeading}</h3>
              <p className="mt-3 leading-relaxed text-white/85">{f.surveyCardText}</p>
            </div>
            <Link to={f.surveyButton.href} className="btn-primary mt-6 self-start">
              {f.surveyButton.label}
            </Link>
          </li>
        </ul>
      </HeadedSection>

      <HeadedSection id="benefits-heading" heading={f.benefitsHeading} intro={f.benefitsIntro} background="paper">
        <div className="mt-12">
          <PointGrid points={f.benefits} />
        </div>
      </HeadedSection>

      <section className="py-16 sm:py-20" aria-labelledby="included-heading">
        <div className="container-page grid gap-10 lg:grid-cols-2 lg:items-start">
          <div>
            <h2 id="included-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {f.includedHeading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-brand">{f.includedIntro}</p>
            <CheckList items={f.included} className="mt-6" />
          </div>
          <div className="rounded-xl bg-navy-900 p-6 text-white sm:p-8">
            <h2 id="together-heading" className="text-2xl font-semibold">
              {f.ceilingsHeading}
            </h2>
            <p className="mt-3 leading-relaxed text-white/85">{f.ceilingsText}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to={f.ceilingsButton.href} className="btn-primary">
                {f.ceilingsButton.label}
              </Link>
              <Link to={f.combinedButton.href} className="btn-outline text-white">
                {f.combinedButton.label}
              </Link>
            </div>
          </div>
        </div>
      </section>

      <CtaBand id="cta-heading" heading={f.ctaHeading} text={f.ctaText}>
        <Link to={f.quoteButton.href} className="btn-dark">
          {f.quoteButton.label}
        </Link>
        <EstimateLink item="drywall-partition" />
        <PhoneLink />
      </CtaBand>
    </>
  );
}
