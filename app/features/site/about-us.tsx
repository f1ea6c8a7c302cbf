import { Link } from "react-router";
import { loadPageContent } from "~/features/pages/page-content.server";
import { pageHeaders } from "~/features/pages/page-preview";
import { editablePageMeta } from "~/features/seo/meta";
import { useBusiness } from "~/root";
import type { Route } from "./+types/about-us";
import { hero, metaFallback } from "./about-us-content";
import { aboutUsFields } from "./about-us-fields";
import { fillBusinessText } from "./business-text";
import { CtaBand } from "./cta-band";
import { FieldsHero, HeadedSection, PhoneLink, PointGrid } from "./page-sections";

export const loader = (args: Route.LoaderArgs) => loadPageContent(args, aboutUsFields);

export const headers = pageHeaders;

export const meta: Route.MetaFunction = editablePageMeta({ fallback: metaFallback });

export default function AboutUsPage({ loaderData }: Route.ComponentProps) {
  const business = useBusiness();
  const { fields: f, html } = loaderData;
  return (
    <>
      <FieldsHero
        f={f}
        image={{ ...hero.image, alt: fillBusinessText(hero.image.alt, business) }}
        primary={f.consultationButton}
        secondary={f.workButton}
      />

      <section className="py-16 sm:py-20" aria-labelledby="story-heading">
        <div className="container-page max-w-3xl">
          <h2 id="story-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {f.storyHeading}
          </h2>
          {/* Markdown, rendered and sanitised on the server (page-content.server.ts). */}
          <div
            className="mt-5 text-lg leading-relaxed text-slate-brand [&_a]:font-semibold [&_a]:text-teal-brand [&_a]:underline [&>*+*]:mt-5"
            dangerouslySetInnerHTML={{ __html: html.story ?? "" }}
          />
        </div>
      </section>

      <HeadedSection id="values-heading" heading={f.valuesHeading} intro={f.valuesIntro} background="navy">
        <div className="mt-12">
          <PointGrid points={f.values} tone="dark" />
        </div>
      </HeadedSection>

      <HeadedSection id="reasons-heading" heading={f.reasonsHeading} intro={f.reasonsIntro} background="paper">
        <div className="mt-12">
          <PointGrid points={f.reasons} />
        </div>
      </HeadedSection>

      <section className="py-16 sm:py-20" aria-labelledby="area-heading">
        <div className="container-page grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="area-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {f.areaHeading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-brand">{f.areaText}</p>
            <address className="mt-6 rounded-xl bg-paper p-5 not-italic ring-1 ring-navy-900/10">
              <span className="font-semibold">{business.legalName}</span>
              <br />
              {[business.address.street, business.address.locality, business.address.postalCode]
                .filter(Boolean)
                .join(", ")}
            </address>
          </div>
          <img
            src="/images/map-dublin.svg"
            alt={f.areaMapAlt}
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-xl ring-1 ring-navy-900/10"
          />
        </div>
      </section>

      <CtaBand id="cta-heading" heading={f.ctaHeading} text={f.ctaText}>
        <Link to={f.consultationButton.href} className="btn-dark">
          {f.consultationButton.label}
        </Link>
        <PhoneLink />
      </CtaBand>
    </>
  );
}
