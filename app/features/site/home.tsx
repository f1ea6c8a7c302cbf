import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { SectionHeading } from "~/components/ui/section-heading";
import { ProjectGrid } from "~/features/gallery/project-grid";
import { listFeaturedProjects } from "~/features/gallery/gallery.server";
import { getPageMeta } from "~/features/pages/pages.server";
import { getLocalBusinessJsonLd } from "~/features/seo/local-business.server";
import { seoMeta } from "~/features/seo/meta";
import { TestimonialList } from "~/features/testimonials/testimonial-list";
import { listPublicTestimonials } from "~/features/testimonials/testimonials.server";
import { useBusiness } from "~/root";
import type { Route } from "./+types/home";
import { fillBusinessText } from "./business-text";
import { callToAction, healthAndSafety, hero, processSteps, services, whyChooseUs } from "./home-content";

export async function loader() {
  const [page, projects, testimonials] = await Promise.all([
    getPageMeta("home"),
    listFeaturedProjects(8),
    listPublicTestimonials(3),
  ]);
  return { page, projects, testimonials, localBusiness: await getLocalBusinessJsonLd(testimonials) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0].loaderData;
  return seoMeta({
    title: loaderData?.page?.title ?? `${hero.heading} | ${root.business.name}`,
    description: loaderData?.page?.description ?? hero.lead,
    path: "/",
    siteUrl: root.siteUrl,
    siteName: root.business.name,
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const business = useBusiness();
  return (
    <>
      <JsonLd data={loaderData.localBusiness} />
      <section className="relative overflow-hidden bg-navy-900 text-white">
        <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-20">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-amber-brand">{hero.eyebrow}</p>
            <h1 className="mt-4 text-4xl font-bold leading-tight tracking-tight sm:text-5xl">{hero.heading}</h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-white/85">{hero.lead}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/contact-us" className="btn-primary">
                Request Free Consultation
              </Link>
              <a href={`tel:${business.phoneE164}`} className="btn-outline text-white">
                Call {business.phone}
              </a>
            </div>
          </div>
          <img
            src={hero.image.src}
            alt={hero.image.alt}
            width={hero.image.width}
            height={hero.image.height}
            fetchPriority="high"
            className="h-auto w-full rounded-xl shadow-2xl ring-1 ring-white/10"
          />
        </div>
      </section>

      <section id="services" className="bg-paper py-16 sm:py-20" aria-labelledby="services-heading">
        <div className="container-page">
          <SectionHeading id="services-heading" title="Our Specialist Services in Dublin">
            Four specialist services, one experienced team. Every job starts with a free site survey and a fixed,
            itemised quote.
          </SectionHeading>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {services.map((s) => (
              <li
                key={s.id}
                className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-navy-900/10"
              >
                <img
                  src={s.image.src}
                  alt={s.image.alt}
                  width={s.image.width}
                  height={s.image.height}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[3/2] w-full bg-mist object-cover"
                />
                <div className="flex flex-1 flex-col p-5">
                  <h3 className="text-lg font-semibold">{s.title}</h3>
                  <p className="mt-2 flex-1 text-[15px] leading-relaxed text-slate-brand">{s.description}</p>
                  <Link
                    to={s.link}
                    className="mt-4 inline-flex items-center gap-1 font-semibold text-teal-brand hover:underline"
                  >
                    Learn More<span className="sr-only"> about {s.title}</span>
                    <span aria-hidden="true">→</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="py-16 sm:py-20" aria-labelledby="process-heading">
        <div className="container-page">
          <SectionHeading id="process-heading" title="Our 4 Step Process">
            From your first call to the final walk-round, you always know what happens next.
          </SectionHeading>
          <ol className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {processSteps.map((step) => (
              <li key={step.id} className="text-center">
                <img
                  src={step.image.src}
                  alt=""
                  width={step.image.width}
                  height={step.image.height}
                  loading="lazy"
                  decoding="async"
                  className="mx-auto h-auto w-full max-w-[240px]"
                />
                <p
                  className="mx-auto -mt-2 flex h-10 w-10 items-center justify-center rounded-full bg-amber-brand font-bold text-navy-950"
                  aria-hidden="true"
                >
                  {step.number}
                </p>
                <h3 className="mt-3 text-lg font-semibold">
                  <span className="sr-only">Step {step.number}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-[15px] leading-relaxed text-slate-brand">
                  {fillBusinessText(step.description, business)}
                </p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="about" className="bg-navy-900 py-16 text-white sm:py-20" aria-labelledby="why-heading">
        <div className="container-page grid gap-10 lg:grid-cols-[2fr_3fr] lg:items-start">
          <div>
            <h2 id="why-heading" className="text-3xl font-bold sm:text-4xl">
              {whyChooseUs.heading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-white/85">{whyChooseUs.intro}</p>
            <Link to="/about-us" className="btn-primary mt-8">
              More About Us
            </Link>
          </div>
          <ul className="grid gap-5 sm:grid-cols-2">
            {whyChooseUs.points.map((p) => (
              <li key={p.title} className="rounded-xl bg-navy-800 p-6">
                <h3 className="font-semibold text-amber-brand">{p.title}</h3>
                <p className="mt-2 text-[15px] leading-relaxed text-white/85">{p.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="py-16 sm:py-20" aria-labelledby="safety-heading">
        <div className="container-page grid gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 id="safety-heading" className="text-3xl font-bold sm:text-4xl">
              Health &amp; Safety
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-brand">{healthAndSafety.intro}</p>
          </div>
          <ul className="space-y-3">
            {healthAndSafety.points.map((point) => (
              <li key={point} className="flex gap-3 rounded-lg bg-paper p-4">
                <svg
                  viewBox="0 0 20 20"
                  className="mt-0.5 h-5 w-5 shrink-0 text-teal-brand"
                  fill="currentColor"
                  aria-hidden="true"
                >
                  <path d="M10 0a10 10 0 110 20 10 10 0 010-20zm4.3 6.3L8.5 12 5.7 9.3l-1.4 1.4 4.2 4.2 7.2-7.2z" />
                </svg>
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="bg-paper py-16 sm:py-20" aria-labelledby="gallery-heading">
        <div className="container-page">
          <SectionHeading id="gallery-heading" title="Recent Projects">
            A selection of offices, shops, salons and repairs we have completed around Dublin. Select a photo to see it
            larger.
          </SectionHeading>
          <div className="mt-12">
            <ProjectGrid projects={loaderData.projects} />
          </div>
          <div className="mt-10 text-center">
            <Link to="/gallery" className="btn-dark">
              View Full Gallery
            </Link>
          </div>
        </div>
      </section>

      {loaderData.testimonials.length > 0 && (
        <section className="py-16 sm:py-20" aria-labelledby="testimonials-heading">
          <div className="container-page">
            <SectionHeading id="testimonials-heading" title="What Our Clients Say">
              Rated {business.rating.value} out of 5 from {business.rating.count} reviews by offices, retailers and
              salon owners.
            </SectionHeading>
            <div className="mt-12">
              <TestimonialList testimonials={loaderData.testimonials} />
            </div>
          </div>
        </section>
      )}

      <section className="bg-amber-brand py-14 text-navy-950" aria-labelledby="cta-heading">
        <div className="container-page flex flex-col items-start justify-between gap-6 lg:flex-row lg:items-center">
          <div>
            <h2 id="cta-heading" className="text-3xl font-bold">
              {callToAction.heading}
            </h2>
            <p className="mt-2 max-w-2xl text-lg">{callToAction.text}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/contact-us" className="btn-dark">
              Request Free Consultation
            </Link>
            <a href={`tel:${business.phoneE164}`} className="btn-outline">
              Call {business.phone}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
