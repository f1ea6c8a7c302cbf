import { Link } from "react-router";
import { SectionHeading } from "~/components/ui/section-heading";
import { getPageMeta } from "~/features/pages/pages.server";
import { editablePageMeta } from "~/features/seo/meta";
import { useBusiness } from "~/root";
import type { Route } from "./+types/about-us";
import { area, callToAction, hero, metaFallback, reasons, story, values } from "./about-us-content";
import { fillBusinessText } from "./business-text";
import { CtaBand, PageHero, PhoneLink, PointGrid } from "./page-sections";

export async function loader() {
  return { page: await getPageMeta("about-us") };
}

export const meta: Route.MetaFunction = editablePageMeta({ path: "/about-us", fallback: metaFallback });

export default function AboutUsPage() {
  const business = useBusiness();
  const fill = (text: string) => fillBusinessText(text, business);
  return (
    <>
      <PageHero
        eyebrow={fill(hero.eyebrow)}
        title={fill(hero.heading)}
        lead={<p>{fill(hero.lead)}</p>}
        image={{ ...hero.image, alt: fill(hero.image.alt) }}
        actions={
          <>
            <Link to="/contact-us" className="btn-primary">
              Request Free Consultation
            </Link>
            <Link to="/gallery" className="btn-outline text-white">
              See Our Work
            </Link>
          </>
        }
      />

      <section className="py-16 sm:py-20" aria-labelledby="story-heading">
        <div className="container-page max-w-3xl">
          <h2 id="story-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Our Story
          </h2>
          {story.map((p) => (
            <p key={p.slice(0, 24)} className="mt-5 text-lg leading-relaxed text-slate-brand">
              {fill(p)}
            </p>
          ))}
        </div>
      </section>

      <section className="bg-navy-900 py-16 text-white sm:py-20" aria-labelledby="values-heading">
        <div className="container-page">
          <SectionHeading id="values-heading" title="Our Values" tone="dark">
            Three things guide every job we take on, large or small.
          </SectionHeading>
          <div className="mt-12">
            <PointGrid points={values} tone="dark" />
          </div>
        </div>
      </section>

      <section className="bg-paper py-16 sm:py-20" aria-labelledby="reasons-heading">
        <div className="container-page">
          <SectionHeading id="reasons-heading" title={`Why Choose ${business.name}`}>
            Six reasons offices, retailers and salon owners keep coming back to us.
          </SectionHeading>
          <div className="mt-12">
            <PointGrid points={reasons} />
          </div>
        </div>
      </section>

      <section className="py-16 sm:py-20" aria-labelledby="area-heading">
        <div className="container-page grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="area-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {area.heading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-brand">{area.text}</p>
            <address className="mt-6 rounded-xl bg-paper p-5 not-italic ring-1 ring-navy-900/10">
              <span className="font-semibold">{business.legalName}</span>
              <br />
              {business.address.street}, {business.address.locality}, {business.address.postalCode}
            </address>
          </div>
          <img
            src="/images/map-dublin.svg"
            alt="Map of Dublin and the surrounding counties showing our base at Ballymount and the 50 km area we cover"
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-xl ring-1 ring-navy-900/10"
          />
        </div>
      </section>

      <CtaBand id="cta-heading" heading={callToAction.heading} text={callToAction.text}>
        <Link to="/contact-us" className="btn-dark">
          Request Free Consultation
        </Link>
        <PhoneLink />
      </CtaBand>
    </>
  );
}
