import { Link } from "react-router";
import { EstimateLink } from "~/features/estimate/estimate-link";
import { SectionHeading } from "~/components/ui/section-heading";
import { getPageMeta } from "~/features/pages/pages.server";
import { editablePageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/partitions";
import { contactHref } from "./contact-href";
import { CheckList, CtaBand, PageHero, PhoneLink, PointGrid } from "./page-sections";
import {
  benefits,
  callToAction,
  ceilingsNote,
  hero,
  included,
  metaFallback,
  systems,
  systemsIntro,
} from "./partitions-content";

export async function loader() {
  return { page: await getPageMeta("partitions") };
}

export const meta: Route.MetaFunction = editablePageMeta({ path: "/partitions", fallback: metaFallback });

const quoteHref = contactHref("Partitions");

export default function PartitionsPage() {
  return (
    <>
      <PageHero
        eyebrow={hero.eyebrow}
        title={hero.heading}
        lead={<p>{hero.lead}</p>}
        image={hero.image}
        actions={
          <>
            <Link to={quoteHref} className="btn-primary">
              Get a Free Partitions Quote
            </Link>
            <PhoneLink className="btn-outline text-white" />
          </>
        }
      />

      <section className="py-16 sm:py-20" aria-labelledby="systems-heading">
        <div className="container-page">
          <SectionHeading id="systems-heading" title="Partition Systems We Install">
            {systemsIntro}
          </SectionHeading>
          <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {systems.map((s) => (
              <li key={s.id} id={s.id} className="flex flex-col rounded-xl bg-paper p-6 ring-1 ring-navy-900/10">
                <h3 className="text-xl font-semibold">{s.title}</h3>
                <p className="mt-1 text-sm font-semibold text-amber-deep">{s.spec}</p>
                <p className="mt-3 flex-1 leading-relaxed text-slate-brand">{s.text}</p>
                <p className="mt-4 border-t border-navy-900/10 pt-4 text-[15px]">
                  <span className="font-semibold">Best for: </span>
                  {s.bestFor}
                </p>
              </li>
            ))}
            <li className="flex flex-col justify-between rounded-xl bg-navy-900 p-6 text-white">
              <div>
                <h3 className="text-xl font-semibold">Not sure which you need?</h3>
                <p className="mt-3 leading-relaxed text-white/85">
                  Tell us how you want to use the space. We'll check the fire and sound requirements on site and
                  recommend the simplest system that meets them.
                </p>
              </div>
              <Link to={quoteHref} className="btn-primary mt-6 self-start">
                Book a Free Site Survey
              </Link>
            </li>
          </ul>
        </div>
      </section>

      <section className="bg-paper py-16 sm:py-20" aria-labelledby="benefits-heading">
        <div className="container-page">
          <SectionHeading id="benefits-heading" title="Why Choose Our Partitions">
            Well-planned partitions make an office work better, not just look different.
          </SectionHeading>
          <div className="mt-12">
            <PointGrid points={benefits} />
          </div>
        </div>
      </section>

      <section className="py-16 sm:py-20" aria-labelledby="included-heading">
        <div className="container-page grid gap-10 lg:grid-cols-2 lg:items-start">
          <div>
            <h2 id="included-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              What's Included in Every Quote
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-brand">
              Our partition quotes are fixed and itemised, with nothing left for you to arrange separately.
            </p>
            <CheckList items={included} className="mt-6" />
          </div>
          <div className="rounded-xl bg-navy-900 p-6 text-white sm:p-8">
            <h2 id="together-heading" className="text-2xl font-semibold">
              Partitions and ceilings together
            </h2>
            <p className="mt-3 leading-relaxed text-white/85">{ceilingsNote}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to="/suspended-ceilings" className="btn-primary">
                Suspended Ceilings
              </Link>
              <Link to={quoteHref} className="btn-outline text-white">
                Get a Combined Quote
              </Link>
            </div>
          </div>
        </div>
      </section>

      <CtaBand id="cta-heading" heading={callToAction.heading} text={callToAction.text}>
        <Link to={quoteHref} className="btn-dark">
          Get a Free Partitions Quote
        </Link>
        <EstimateLink item="drywall-partition" />
        <PhoneLink />
      </CtaBand>
    </>
  );
}
