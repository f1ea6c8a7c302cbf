import { Link } from "react-router";
import { SectionHeading } from "~/components/ui/section-heading";
import { getPageMeta } from "~/features/pages/pages.server";
import { editablePageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/suspended-ceilings";
import { contactHref } from "./contact-href";
import { CtaBand, PageHero, PhoneLink, PointGrid } from "./page-sections";
import {
  benefits,
  callToAction,
  edges,
  gallery,
  gridsAndColours,
  hero,
  metaFallback,
  pricing,
  systems,
} from "./suspended-ceilings-content";

export async function loader() {
  return { page: await getPageMeta("suspended-ceilings") };
}

export const meta: Route.MetaFunction = editablePageMeta({ path: "/suspended-ceilings", fallback: metaFallback });

const quoteHref = contactHref("Suspended Ceilings");

export default function SuspendedCeilingsPage() {
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
              Get a Free Ceiling Quote
            </Link>
            <PhoneLink className="btn-outline text-white" />
          </>
        }
      />

      <section className="py-16 sm:py-20" aria-labelledby="systems-heading">
        <div className="container-page">
          <SectionHeading id="systems-heading" title="Ceiling Systems We Install">
            From a straightforward office grid to acoustic, fire-rated and feature ceilings, we supply and fit the
            system that suits the room.
          </SectionHeading>
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {systems.map((s) => (
              <li key={s.id} id={s.id} className="rounded-xl bg-paper p-6 ring-1 ring-navy-900/10">
                <h3 className="text-lg font-semibold">{s.title}</h3>
                <p className="mt-2 text-[15px] leading-relaxed text-slate-brand">{s.text}</p>
              </li>
            ))}
            <li className="flex flex-col justify-between rounded-xl bg-navy-900 p-6 text-white">
              <div>
                <h3 className="text-lg font-semibold">Not sure which system?</h3>
                <p className="mt-2 text-[15px] leading-relaxed text-white/85">
                  We'll look at the room, the services above it and how it's used, and recommend the right ceiling.
                </p>
              </div>
              <Link to={quoteHref} className="btn-primary mt-5 self-start">
                Book a Free Survey
              </Link>
            </li>
          </ul>
        </div>
      </section>

      <section className="bg-navy-900 py-16 text-white sm:py-20" aria-labelledby="edges-heading">
        <div className="container-page">
          <SectionHeading id="edges-heading" title="Grids, Edges and Colours" tone="dark">
            {gridsAndColours}
          </SectionHeading>
          <ul className="mt-12 grid gap-5 md:grid-cols-3">
            {edges.map((e) => (
              <li key={e.name} className="rounded-xl bg-navy-800 p-6">
                <EdgeDiagram edge={e.name} />
                <h3 className="mt-4 text-lg font-semibold text-amber-brand">{e.name}</h3>
                <p className="mt-2 text-[15px] leading-relaxed text-white/85">{e.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="py-16 sm:py-20" aria-labelledby="work-heading">
        <div className="container-page">
          <SectionHeading id="work-heading" title="Recent Suspended Ceiling Work">
            A few of the ceilings we have fitted in offices, training rooms, canteens and shops.
          </SectionHeading>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {gallery.map(({ image, caption }) => (
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
                  <figcaption className="p-4 text-[15px] leading-relaxed text-slate-brand">{caption}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
          <p className="mt-10 text-center">
            <Link to="/gallery?category=suspended-ceilings" className="btn-dark">
              See More Ceiling Projects
            </Link>
          </p>
        </div>
      </section>

      <section className="bg-paper py-16 sm:py-20" aria-labelledby="pricing-heading">
        <div className="container-page">
          <SectionHeading id="pricing-heading" title="What Does a Suspended Ceiling Cost?">
            {pricing.intro}
          </SectionHeading>
          <div className="mt-12 grid gap-5 md:grid-cols-3">
            {pricing.bands.map((b) => (
              <div key={b.name} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
                <h3 className="font-semibold">{b.name}</h3>
                <p className="mt-2 text-2xl font-bold tracking-tight">{b.price}</p>
                <p className="mt-3 text-[15px] leading-relaxed text-slate-brand">{b.text}</p>
              </div>
            ))}
            <div className="rounded-xl bg-navy-900 p-6 text-white">
              <h3 className="font-semibold text-amber-brand">What affects the price</h3>
              <ul className="mt-3 space-y-2 text-[15px] text-white/90">
                {pricing.factors.map((f) => (
                  <li key={f} className="flex gap-2">
                    <span aria-hidden="true" className="text-amber-brand">
                      •
                    </span>
                    {f}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <section className="py-16 sm:py-20" aria-labelledby="benefits-heading">
        <div className="container-page">
          <SectionHeading id="benefits-heading" title="Benefits of a Suspended Ceiling">
            A suspended ceiling does far more than cover the slab above.
          </SectionHeading>
          <div className="mt-12">
            <PointGrid points={benefits} />
          </div>
        </div>
      </section>

      <CtaBand id="cta-heading" heading={callToAction.heading} text={callToAction.text}>
        <Link to={quoteHref} className="btn-dark">
          Get a Free Ceiling Quote
        </Link>
        <PhoneLink />
      </CtaBand>
    </>
  );
}

/** A cross-section of the tiles either side of a grid tee, for each edge type (decorative). */
function EdgeDiagram({ edge }: { edge: string }) {
  const tiles =
    edge === "Square edge"
      ? "M4 18h36v8H4zM56 18h36v8H56z"
      : edge === "Tegular edge"
        ? "M4 14h36v8h-2v8H4zM92 14H56v8h2v8h34z"
        : "M4 14h36v12h7v4H4zM92 14H56v12h-7v4h43z";
  return (
    <svg viewBox="0 0 96 36" width="144" height="54" aria-hidden="true">
      <path d="M46 4h4v18h6v4H40v-4h6z" fill="#e0a526" />
      <path d={tiles} fill="#f7f5f0" />
    </svg>
  );
}
