import { Link } from "react-router";
import { EstimateLink } from "~/features/estimate/estimate-link";
import { loadPageContent } from "~/features/pages/page-content.server";
import { pageHeaders } from "~/features/pages/page-preview";
import { editablePageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/suspended-ceilings";
import { CtaBand } from "./cta-band";
import { FieldsHero, HeadedSection, PhoneLink, PointGrid } from "./page-sections";
import { gallery, hero, metaFallback } from "./suspended-ceilings-content";
import { suspendedCeilingsFields } from "./suspended-ceilings-fields";

export const loader = (args: Route.LoaderArgs) => loadPageContent(args, suspendedCeilingsFields);

export const headers = pageHeaders;

export const meta: Route.MetaFunction = editablePageMeta({ fallback: metaFallback });

export default function SuspendedCeilingsPage({ loaderData }: Route.ComponentProps) {
  const f = loaderData.fields;
  return (
    <>
      <FieldsHero f={f} image={hero.image} primary={f.quoteButton} secondary="phone" />

      <HeadedSection id="systems-heading" heading={f.systemsHeading} intro={f.systemsIntro}>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {f.systems.map((s, i) => (
            <li key={i} className="rounded-xl bg-paper p-6 ring-1 ring-navy-900/10">
              <h3 className="text-lg font-semibold">{s.title}</h3>
              <p className="mt-2 text-[15px] leading-relaxed text-slate-brand">{s.text}</p>
            </li>
          ))}
          <li className="flex flex-col justify-between rounded-xl bg-navy-900 p-6 text-white">
            <div>
              <h3 className="text-lg font-semibold">{f.surveyCardHeading}</h3>
              <p className="mt-2 text-[15px] leading-relaxed text-white/85">{f.surveyCardText}</p>
            </div>
            <Link to={f.surveyButton.href} className="btn-primary mt-5 self-start">
              {f.surveyButton.label}
            </Link>
          </li>
        </ul>
      </HeadedSection>

      <HeadedSection id="edges-heading" heading={f.edgesHeading} intro={f.edgesIntro} background="navy">
        <ul className="mt-12 grid gap-5 md:grid-cols-3">
          {f.edges.map((e, i) => (
            <li key={i} className="rounded-xl bg-navy-800 p-6">
              <EdgeDiagram edge={EDGE_SHAPES[i] ?? "vector"} />
              <h3 className="mt-4 text-lg font-semibold text-amber-brand">{e.name}</h3>
              <p className="mt-2 text-[15px] leading-relaxed text-white/85">{e.text}</p>
            </li>
          ))}
        </ul>
      </HeadedSection>

      <HeadedSection id="work-heading" heading={f.workHeading} intro={f.workIntro}>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {gallery.map(({ image }, i) => (
            <li key={image.src}>
              <figure className="h-full overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-navy-900/10">
                <img
                  src={image.src}
                  alt={image.alt}
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full bg-mist object-cover"
                />
                <figcaption className="p-4 text-[15px] leading-relaxed text-slate-brand">
                  {f.workCaptions[i]}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link to={f.workButton.href} className="btn-dark">
            {f.workButton.label}
          </Link>
        </p>
      </HeadedSection>

      <HeadedSection id="pricing-heading" heading={f.pricingHeading} intro={f.pricingIntro} background="paper">
        <div className="mt-12 grid gap-5 md:grid-cols-3">
          {f.priceLines.map((b, i) => (
            <div key={i} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
              <h3 className="font-semibold">{b.name}</h3>
              <p className="mt-2 text-2xl font-bold tracking-tight">{b.price}</p>
              <p className="mt-3 text-[15px] leading-relaxed text-slate-brand">{b.text}</p>
            </div>
          ))}
          <div className="rounded-xl bg-navy-900 p-6 text-white">
            <h3 className="font-semibold text-amber-brand">{f.priceFactorsHeading}</h3>
            <ul className="mt-3 space-y-2 text-[15px] text-white/90">
              {f.priceFactors.map((factor, i) => (
                <li key={i} className="flex gap-2">
                  <span aria-hidden="true" className="text-amber-brand">
                    •
                  </span>
                  {factor}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </HeadedSection>

      <HeadedSection id="benefits-heading" heading={f.benefitsHeading} intro={f.benefitsIntro}>
        <div className="mt-12">
          <PointGrid points={f.benefits} />
        </div>
      </HeadedSection>

      <CtaBand id="cta-heading" heading={f.ctaHeading} text={f.ctaText}>
        <Link to={f.quoteButton.href} className="btn-dark">
          {f.quoteButton.label}
        </Link>
        <EstimateLink item="basic-suspended-ceiling" />
        <PhoneLink />
      </CtaBand>
    </>
  );
}

/** The drawing beside each edge type, in the order the edges field lists them. */
const EDGE_SHAPES = ["square", "tegular", "vector"] as const;

/** A cross-section of the tiles either side of a grid tee, for each edge type (decorative). */
function EdgeDiagram({ edge }: { edge: (typeof EDGE_SHAPES)[number] }) {
  const tiles =
    edge === "square"
      ? "M4 18h36v8H4zM56 18h36v8H56z"
      : edge === "tegular"
        ? "M4 14h36v8h-2v8H4zM92 14H56v8h2v8h34z"
        : "M4 14h36v12h7v4H4zM92 14H56v12h-7v4h43z";
  return (
    <svg viewBox="0 0 96 36" width="144" height="54" aria-hidden="true">
      <path d="M46 4h4v18h6v4H40v-4h6z" fill="#e0a526" />
      <path d={tiles} fill="#f7f5f0" />
    </svg>
  );
}
