import { getPageMeta } from "~/features/pages/pages.server";
import { seoMeta } from "~/features/seo/meta";
import { useRootData } from "~/root";
import type { Route } from "./+types/contact-page";

export async function loader() {
  return { page: await getPageMeta("contact-us") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0].loaderData;
  return seoMeta({
    title: loaderData?.page?.title ?? `Contact Us | ${root.business.name}`,
    description: loaderData?.page?.description,
    path: "/contact-us",
    siteUrl: root.siteUrl,
    siteName: root.business.name,
  });
};

export default function ContactPage() {
  const business = useRootData()?.business;
  return (
    <div className="container-page py-12 sm:py-16">
      <div className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Get In Touch</h1>
        <p className="mt-4 text-lg leading-relaxed text-slate-brand">
          Tell us about your office, shop or salon and we will arrange a free consultation and site survey, then send you
          a fixed, itemised quote. Most enquiries get a reply within one working day.
        </p>
      </div>
      <div className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="form-heading" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10 sm:p-8">
          <h2 id="form-heading" className="text-2xl font-semibold">
            Send us a message
          </h2>
        </section>
        {business && (
          <aside aria-labelledby="info-heading" className="space-y-6">
            <div className="rounded-xl bg-navy-900 p-6 text-white sm:p-8">
              <h2 id="info-heading" className="text-2xl font-semibold">
                Contact Information
              </h2>
              <dl className="mt-6 space-y-5">
                <div>
                  <dt className="text-sm font-semibold uppercase tracking-wider text-amber-brand">Location</dt>
                  <dd className="mt-1">{business.locationLabel}</dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold uppercase tracking-wider text-amber-brand">Phone</dt>
                  <dd className="mt-1">
                    <a href={`tel:${business.phoneE164}`} className="font-semibold underline-offset-4 hover:underline">
                      {business.phone}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold uppercase tracking-wider text-amber-brand">Email</dt>
                  <dd className="mt-1">
                    <a href={`mailto:${business.email}`} className="font-semibold underline-offset-4 hover:underline">
                      {business.email}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold uppercase tracking-wider text-amber-brand">Opening Hours</dt>
                  <dd className="mt-1">{business.openingHours.label}</dd>
                </div>
              </dl>
            </div>
            <img
              src="/images/map-dublin.svg"
              alt={`Map of Dublin and the surrounding counties showing ${business.name} at Ballymount and the 50 km area we cover`}
              width={800}
              height={600}
              loading="lazy"
              decoding="async"
              className="h-auto w-full rounded-xl ring-1 ring-navy-900/10"
            />
          </aside>
        )}
      </div>
    </div>
  );
}
