import { Link } from "react-router";
import { EstimateLink } from "~/features/estimate/estimate-link";
import { JsonLd } from "~/components/json-ld";
import { listFaqs } from "~/features/faqs/faqs.server";
import { listProjects } from "~/features/gallery/gallery.server";
import { loadPageContent } from "~/features/pages/page-content.server";
import { pageHeaders } from "~/features/pages/page-preview";
import { editablePageMeta } from "~/features/seo/meta";
import { buildFaqPageJsonLd } from "~/features/seo/structured-data";
import { TestimonialList } from "~/features/testimonials/testimonial-list";
import { listRetailTestimonials } from "~/features/testimonials/testimonials.server";
import { ProjectImage } from "~/features/uploads/project-image";
import { useRootData } from "~/root";
import type { Business } from "~/config";
import type { Db } from "~/db/client.server";
import type { Route } from "./+types/shop-ceiling-specialists";
import { FieldsHero, HeadedSection, PointGrid, StepList } from "./page-sections";
import { QuoteRequest } from "./quote-request";
import { metaFallback } from "./shop-ceiling-specialists-content";
import { shopCeilingSpecialistsFields } from "./shop-ceiling-specialists-fields";

/** Spec: three example projects, three retail testimonials and a seven-question FAQ. */
async function loadRows(db: Db, business: Business) {
  const [projects, testimonials, faqs] = await Promise.all([
    listProjects(db, ["shop-ceilings", "hair-salon"], 3),
    listRetailTestimonials(db, 3),
    listFaqs(db, business, "shop-ceilings", 7),
  ]);
  // Structured data is built here, on the server, from the same rows the page shows.
  return { projects, testimonials, faqs, faqJsonLd: faqs.length > 0 ? buildFaqPageJsonLd(faqs) : null };
}

export const loader = (args: Route.LoaderArgs) =>
  loadPageContent(
    args,
    shopCeilingSpecialistsFields,
    loadRows(args.context.services.database.db, args.context.services.business),
  );

export const headers = pageHeaders;

export const meta: Route.MetaFunction = editablePageMeta({ fallback: metaFallback });

export default function ShopCeilingSpecialistsPage({ loaderData }: Route.ComponentProps) {
  const { fields: f, projects, testimonials, faqs, faqJsonLd } = loaderData;
  const quote = {
    heading: f.quoteHeading,
    text: f.quoteText,
    points: f.quotePoints,
    button: f.quoteButton,
    orCall: f.quoteOrCall,
  };
  const business = useRootData()?.business;
  const phone = business ? { display: business.phone, e164: business.phoneE164 } : undefined;
  return (
    <>
      {faqJsonLd && <JsonLd data={faqJsonLd} />}
      <FieldsHero
        f={f}
        aside={<QuoteRequest copy={quote} headingId="hero-quote-heading" phone={phone} tone="dark" />}
      />

      <HeadedSection id="benefits-heading" heading={f.benefitsHeading} intro={f.benefitsIntro} background="paper">
        <div className="mt-12">
          <PointGrid points={f.benefits} />
        </div>
      </HeadedSection>

      <HeadedSection id="process-heading" heading={f.processHeading} intro={f.processIntro}>
        <div className="mt-12">
          <StepList steps={f.processSteps.map((s, i) => ({ id: String(i), title: s.title, text: s.text }))} />
        </div>
        <p className="mt-10 flex flex-wrap justify-center gap-3">
          <Link to={f.processButton.href} className="btn-dark">
            {f.processButton.label}
          </Link>
          <EstimateLink item="shop-ceiling" />
        </p>
      </HeadedSection>

      {projects.length > 0 && (
        <HeadedSection id="projects-heading" heading={f.projectsHeading} intro={f.projectsIntro} background="paper">
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
            <Link to={f.projectsButton.href} className="btn-dark">
              {f.projectsButton.label}
            </Link>
          </p>
        </HeadedSection>
      )}

      <section className="py-16 sm:py-20" aria-labelledby="salon-heading">
        <div className="container-page">
          <div className="grid items-center gap-8 rounded-2xl bg-navy-900 p-6 text-white sm:p-10 lg:grid-cols-[3fr_2fr]">
            <div>
              <h2 id="salon-heading" className="text-3xl font-bold tracking-tight">
                {f.salonHeading}
              </h2>
              <p className="mt-4 text-lg leading-relaxed text-white/85">{f.salonText}</p>
            </div>
            <div className="flex flex-wrap gap-3 lg:justify-end">
              <Link to={f.salonButton.href} className="btn-primary">
                {f.salonButton.label}
              </Link>
            </div>
          </div>
        </div>
      </section>

      {testimonials.length > 0 && (
        <HeadedSection
          id="testimonials-heading"
          heading={f.testimonialsHeading}
          intro={f.testimonialsIntro}
          background="paper"
        >
          <div className="mt-12">
            <TestimonialList testimonials={testimonials} />
          </div>
        </HeadedSection>
      )}

      {faqs.length > 0 && (
        <HeadedSection id="faq-heading" heading={f.faqHeading} intro={f.faqIntro}>
          <div className="mx-auto mt-12 max-w-3xl divide-y divide-navy-900/10 rounded-xl bg-white ring-1 ring-navy-900/10">
            {faqs.map((faq, i) => (
              <details key={faq.id} open={i === 0} className="group p-5 sm:px-6">
                <summary className="flex cursor-pointer list-none items-start justify-between gap-4 text-lg font-semibold [&::-webkit-details-marker]:hidden">
                  <h3>{faq.question}</h3>
                  <span
                    aria-hidden="true"
                    className="mt-1 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-mist text-navy-900 transition-transform group-open:rotate-45 motion-reduce:transition-none"
                  >
                    +
                  </span>
                </summary>
                <p className="mt-3 leading-relaxed text-slate-brand">{faq.answer}</p>
              </details>
            ))}
          </div>
        </HeadedSection>
      )}

      <section className="bg-navy-900 py-16 text-white sm:py-20" aria-labelledby="closing-heading">
        <div className="container-page grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="closing-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {f.closingHeading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-white/85">{f.closingText}</p>
          </div>
          <QuoteRequest copy={quote} headingId="closing-quote-heading" phone={phone} level={3} />
        </div>
      </section>
    </>
  );
}
