import { Link } from "react-router";
import { EstimateLink } from "~/features/estimate/estimate-link";
import { loadPageContent } from "~/features/pages/page-content.server";
import { pageHeaders } from "~/features/pages/page-preview";
import { editablePageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/ceiling-repair";
import { hero, metaFallback, processSteps } from "./ceiling-repair-content";
import { ceilingRepairFields } from "./ceiling-repair-fields";
import { CtaBand } from "./cta-band";
import { FieldsHero, HeadedSection, PhoneLink, PointGrid, StepList } from "./page-sections";

export const loader = (args: Route.LoaderArgs) => loadPageContent(args, ceilingRepairFields);

export const headers = pageHeaders;

export const meta: Route.MetaFunction = editablePageMeta({ fallback: metaFallback });

export default function CeilingRepairPage({ loaderData }: Route.ComponentProps) {
  const f = loaderData.fields;
  return (
    <>
      <FieldsHero f={f} image={hero.image} primary={f.bookButton} secondary="phone" />

      <HeadedSection id="problems-heading" heading={f.problemsHeading} intro={f.problemsIntro}>
        <div className="mt-12">
          <PointGrid points={f.problems} />
        </div>
      </HeadedSection>

      <HeadedSection id="process-heading" heading={f.processHeading} intro={f.processIntro} background="paper">
        <div className="mt-12">
          <StepList
            steps={f.processSteps.map((s, i) => ({
              id: String(i),
              title: s.title,
              text: s.text,
              image: processSteps[i]?.image,
            }))}
          />
        </div>
      </HeadedSection>

      <section className="py-16 sm:py-20" aria-labelledby="retail-heading">
        <div className="container-page grid items-start gap-10 lg:grid-cols-2">
          <div>
            <h2 id="retail-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {f.retailHeading}
            </h2>
            {f.retailParagraphs.map((p, i) => (
              <p key={i} className="mt-4 text-lg leading-relaxed text-slate-brand">
                {p}
              </p>
            ))}
            <p className="mt-6">
              <Link to={f.retailLink.href} className="font-semibold text-teal-brand underline-offset-4 hover:underline">
                {`${f.retailLink.label} `}
                <span aria-hidden="true">→</span>
              </Link>
            </p>
          </div>
          <figure className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-navy-900/10">
            <img
              src="/images/projects/grid-realignment-newbridge.svg"
              alt="Shop ceiling with a sagging, uneven section of grid being re-levelled with new hanger wires"
              width={800}
              height={600}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] w-full bg-mist object-cover"
            />
            <figcaption className="p-5 text-[15px] leading-relaxed text-slate-brand">{f.retailCaption}</figcaption>
          </figure>
        </div>
      </section>

      <section className="bg-navy-900 py-16 text-white sm:py-20" aria-labelledby="leak-heading">
        <div className="container-page grid gap-10 lg:grid-cols-[2fr_3fr] lg:items-start">
          <div>
            <h2 id="leak-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {f.leakHeading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-white/85">{f.leakIntro}</p>
          </div>
          <ol className="space-y-3">
            {f.leakSteps.map((item, i) => (
              <li key={i} className="flex items-start gap-4 rounded-lg bg-navy-800 p-4">
                <span
                  aria-hidden="true"
                  className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-amber-brand text-sm font-bold text-navy-950"
                >
                  {i + 1}
                </span>
                <span className="text-white/90">{item}</span>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <CtaBand id="urgent-heading" heading={f.urgentHeading} text={f.urgentText}>
        <PhoneLink className="btn-dark" />
        <Link to={f.onlineButton.href} className="btn-outline">
          {f.onlineButton.label}
        </Link>
        <EstimateLink item="ceiling-tile-replacement" />
      </CtaBand>
    </>
  );
}
