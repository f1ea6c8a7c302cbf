import { Link } from "react-router";
import { EstimateLink } from "~/features/estimate/estimate-link";
import { SectionHeading } from "~/components/ui/section-heading";
import { getPageMeta } from "~/features/pages/pages.server";
import { editablePageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/ceiling-repair";
import { afterALeak, hero, metaFallback, problems, processSteps, retail, urgent } from "./ceiling-repair-content";
import { contactHref } from "./contact-href";
import { CtaBand, PageHero, PhoneLink, PointGrid, StepList } from "./page-sections";

export async function loader() {
  return { page: await getPageMeta("ceiling-repair") };
}

export const meta: Route.MetaFunction = editablePageMeta({ path: "/ceiling-repair", fallback: metaFallback });

const repairHref = contactHref("Ceiling Repairs");

export default function CeilingRepairPage() {
  return (
    <>
      <PageHero
        eyebrow={hero.eyebrow}
        title={hero.heading}
        lead={<p>{hero.lead}</p>}
        image={hero.image}
        actions={
          <>
            <Link to={repairHref} className="btn-primary">
              Book a Ceiling Repair
            </Link>
            <PhoneLink className="btn-outline text-white" />
          </>
        }
      />

      <section className="py-16 sm:py-20" aria-labelledby="problems-heading">
        <div className="container-page">
          <SectionHeading id="problems-heading" title="Ceiling Problems We Fix">
            From a handful of stained tiles to re-hanging whole sections of grid, in offices, shops, salons and
            warehouses.
          </SectionHeading>
          <div className="mt-12">
            <PointGrid points={problems} />
          </div>
        </div>
      </section>

      <section className="bg-paper py-16 sm:py-20" aria-labelledby="process-heading">
        <div className="container-page">
          <SectionHeading id="process-heading" title="Our 4-Step Repair Process">
            We fix the cause as well as the ceiling, so the same tiles aren't stained again next winter.
          </SectionHeading>
          <div className="mt-12">
            <StepList steps={processSteps} />
          </div>
        </div>
      </section>

      <section className="py-16 sm:py-20" aria-labelledby="retail-heading">
        <div className="container-page grid items-start gap-10 lg:grid-cols-2">
          <div>
            <h2 id="retail-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {retail.heading}
            </h2>
            {retail.paragraphs.map((p) => (
              <p key={p.slice(0, 24)} className="mt-4 text-lg leading-relaxed text-slate-brand">
                {p}
              </p>
            ))}
            <p className="mt-6">
              <Link to="/shop-ceiling" className="font-semibold text-teal-brand underline-offset-4 hover:underline">
                Planning a full shop ceiling instead? See shop ceiling installation <span aria-hidden="true">→</span>
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
            <figcaption className="p-5 text-[15px] leading-relaxed text-slate-brand">
              Grid realignment and tile replacement in a Newbridge retail unit, done over two nights.
            </figcaption>
          </figure>
        </div>
      </section>

      <section className="bg-navy-900 py-16 text-white sm:py-20" aria-labelledby="leak-heading">
        <div className="container-page grid gap-10 lg:grid-cols-[2fr_3fr] lg:items-start">
          <div>
            <h2 id="leak-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              Had a Leak? What to Do First
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-white/85">
              A few simple steps keep people safe and stop the damage spreading until we arrive.
            </p>
          </div>
          <ol className="space-y-3">
            {afterALeak.map((item, i) => (
              <li key={item} className="flex items-start gap-4 rounded-lg bg-navy-800 p-4">
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

      <CtaBand id="urgent-heading" heading={urgent.heading} text={urgent.text}>
        <PhoneLink className="btn-dark" />
        <Link to={repairHref} className="btn-outline">
          Book a Repair Online
        </Link>
        <EstimateLink item="ceiling-tile-replacement" />
      </CtaBand>
    </>
  );
}
