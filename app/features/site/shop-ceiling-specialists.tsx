import { Link } from "react-router";
import { EstimateLink } from "~/features/estimate/estimate-link";
import { JsonLd } from "~/components/json-ld";
import { SectionHeading } from "~/components/ui/section-heading";
import { listFaqs } from "~/features/faqs/faqs.server";
import { listProjects } from "~/features/gallery/gallery.server";
import { getPageMeta } from "~/features/pages/pages.server";
import { editablePageMeta } from "~/features/seo/meta";
import { buildFaqPageJsonLd } from "~/features/seo/structured-data";
import { TestimonialList } from "~/features/testimonials/testimonial-list";
import { listRetailTestimonials } from "~/features/testimonials/testimonials.server";
import { ProjectImage } from "~/features/uploads/project-image";
import { useRootData } from "~/root";
import type { Route } from "./+types/shop-ceiling-specialists";
import { contactHref } from "./contact-href";
import { PageHero, PointGrid, StepList } from "./page-sections";
import { QuoteRequest } from "./quote-request";
import { benefits, closing, hero, metaFallback, processSteps, salon } from "./shop-ceiling-specialists-content";

/** Spec: three example projects, three retail testimonials and a seven-question FAQ. */
export async function loader() {
  const [page, projects, testimonials, faqs] = await Promise.all([
    getPageMeta("shop-ceiling-specialists"),
    listProjects(["shop-ceilings", "hair-salon"], 3),
    listRetailTestimonials(3),
    listFaqs("shop-ceilings", 7),
  ]);
  // Structured data is built here, on the server, from the same rows the page shows.
  return { page, projects, testimonials, faqs, faqJsonLd: faqs.length > 0 ? buildFaqPageJsonLd(faqs) : null };
}

export const meta: Route.MetaFunction = editablePageMeta({ path: "/shop-ceiling-specialists", fallback: metaFallback });

export default function ShopCeilingSpecialistsPage({ loaderData }: Route.ComponentProps) {
  const { projects, testimonials, faqs, faqJsonLd } = loaderData;
  const business = useRootData()?.business;
  const phone = business ? { display: business.phone, e164: business.phoneE164 } : undefined;
  return (
    <>
      {faqJsonLd && <JsonLd data={faqJsonLd} />}
      <PageHero
        eyebrow={hero.eyebrow}
        title={hero.heading}
        lead={<p>{hero.lead}</p>}
        aside={<QuoteRequest headingId="hero-quote-heading" phone={phone} tone="dark" />}
      />

      <section className="bg-paper py-16 sm:py-20" aria-labelledby="benefits-heading">
        <div className="container-page">
          <SectionHeading id="benefits-heading" title="Why Retailers Choose Us">
            We know a shop ceiling has to be finished on time, look right under the lights and never cost you a day's
            trading.
          </SectionHeading>
          <div className="mt-12">
            <PointGrid points={benefits} />
          </div>
        </div>
      </section>

      <section className="py-16 sm:py-20" aria-labelledby="process-heading">
        <div className="container-page">
          <SectionHeading id="process-heading" title="Our 4-Step Shop Ceiling Process">
            From the first visit to after-care, you always know what happens next and when.
          </SectionHeading>
          <div className="mt-12">
            <StepList steps={processSteps.map((s) => ({ id: s.id, title: s.title, text: s.text }))} />
          </div>
          <p className="mt-10 flex flex-wrap justify-center gap-3">
            <Link to={contactHref("Shop Ceiling Installation")} className="btn-dark">
              Get a Free Quote
            </Link>
            <EstimateLink item="shop-ceiling" />
          </p>
        </div>
      </section>

      {projects.length > 0 && (
        <section className="bg-paper py-16 sm:py-20" aria-labelledby="projects-heading">
          <div className="container-page">
            <SectionHeading id="projects-heading" title="Recent Shop and Salon Projects">
              Recent shop and salon ceilings, each fitted without the business closing for a day.
            </SectionHeading>
            <ul className="mt-12 grid gap-6 md:grid-cols-3">
              {projects.map((p) => (
                <li
                  key={p.id}
                  className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-navy-900/10"
                >
                  <ProjectImage
                    src={p.imageSrc}
                    alt={p.altText}
                    sizes="(min-width: 1280px) 395px, (min-width: 768px) 31vw, 92vw"
                    width={800}
                    height={600}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] w-full bg-mist object-cover"
                  />
                  <div className="flex-1 p-5">
                    <h3 className="text-lg font-semibold">{p.title}</h3>
                    <p className="mt-2 text-[15px] leading-relaxed text-slate-brand">{p.description}</p>
                  </div>
                </li>
              ))}
            </ul>
            <p className="mt-10 text-center">
              <Link to="/gallery?category=shop-ceilings" className="btn-dark">
                See All Shop Ceiling Projects
              </Link>
            </p>
          </div>
        </section>
      )}

      <section className="py-16 sm:py-20" aria-labelledby="salon-heading">
        <div className="container-page">
          <div className="grid items-center gap-8 rounded-2xl bg-navy-900 p-6 text-white sm:p-10 lg:grid-cols-[3fr_2fr]">
            <div>
              <h2 id="salon-heading" className="text-3xl font-bold tracking-tight">
                {salon.heading}
              </h2>
              <p className="mt-4 text-lg leading-relaxed text-white/85">{salon.text}</p>
            </div>
            <div className="flex flex-wrap gap-3 lg:justify-end">
              <Link to="/shop-ceiling#hair-salons" className="btn-primary">
                Salon Ceilings in Detail
              </Link>
            </div>
          </div>
        </div>
      </section>

      {testimonials.length > 0 && (
        <section className="bg-paper py-16 sm:py-20" aria-labelledby="testimonials-heading">
          <div className="container-page">
            <SectionHeading id="testimonials-heading" title="What Retailers Say">
              Shop owners, pharmacists and salon owners on working with our crews.
            </SectionHeading>
            <div className="mt-12">
              <TestimonialList testimonials={testimonials} />
            </div>
          </div>
        </section>
      )}

      {faqs.length > 0 && (
        <section className="py-16 sm:py-20" aria-labelledby="faq-heading">
          <div className="container-page">
            <SectionHeading id="faq-heading" title="Shop Ceiling FAQs">
              Straight answers to the questions retailers ask us most.
            </SectionHeading>
            <div className="mx-auto mt-12 max-w-3xl divide-y divide-navy-900/10 rounded-xl bg-white ring-1 ring-navy-900/10">
              {faqs.map((f, i) => (
                <details key={f.id} open={i === 0} className="group p-5 sm:px-6">
                  <summary className="flex cursor-pointer list-none items-start justify-between gap-4 text-lg font-semibold [&::-webkit-details-marker]:hidden">
                    <h3>{f.question}</h3>
                    <span
                      aria-hidden="true"
                      className="mt-1 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-mist text-navy-900 transition-transform group-open:rotate-45 motion-reduce:transition-none"
                    >
                      +
                    </span>
                  </summary>
                  <p className="mt-3 leading-relaxed text-slate-brand">{f.answer}</p>
                </details>
              ))}
            </div>
          </div>
        </section>
      )}

      <section className="bg-navy-900 py-16 text-white sm:py-20" aria-labelledby="closing-heading">
        <div className="container-page grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="closing-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {closing.heading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-white/85">{closing.text}</p>
          </div>
          <QuoteRequest headingId="closing-quote-heading" phone={phone} level={3} />
        </div>
      </section>
    </>
  );
}
