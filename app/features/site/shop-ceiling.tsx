import { Link } from "react-router";
import { EstimateLink } from "~/features/estimate/estimate-link";
import { SectionHeading } from "~/components/ui/section-heading";
import { getPageMeta } from "~/features/pages/pages.server";
import { editablePageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/shop-ceiling";
import { contactHref } from "./contact-href";
import { CheckList, CtaBand, PageHero, PhoneLink, PointGrid } from "./page-sections";
import { callToAction, hero, metaFallback, options, programme, salon, whyItMatters } from "./shop-ceiling-content";

export async function loader() {
  return { page: await getPageMeta("shop-ceiling") };
}

export const meta: Route.MetaFunction = editablePageMeta({ path: "/shop-ceiling", fallback: metaFallback });

const quoteHref = contactHref("Shop Ceiling Installation");

const further = [
  {
    to: "/shop-ceiling-specialists",
    title: "Our shop ceiling specialists",
    text: "Our four-step process, recent retail and salon projects, what shop owners say about us and answers to common questions.",
    action: "Meet the specialists",
  },
  {
    to: "/blog/shop-ceiling-trends",
    title: "Shop ceiling trends for Irish retailers",
    text: "Open or suspended, acoustic comfort, LED lighting, edge details and colour: what retailers are choosing and why.",
    action: "Read the article",
  },
  {
    to: quoteHref,
    title: "Get a free quote",
    text: "Tell us about your unit and your opening hours, and we'll arrange a free survey and a fixed, itemised quote.",
    action: "Contact us",
  },
] as const;

export default function ShopCeilingPage() {
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
              Get a Shop Ceiling Quote
            </Link>
            <Link to="/shop-ceiling-specialists" className="btn-outline text-white">
              Meet Our Shop Ceiling Specialists
            </Link>
          </>
        }
      />

      <section className="py-16 sm:py-20" aria-labelledby="why-heading">
        <div className="container-page">
          <SectionHeading id="why-heading" title="Why Your Shop Ceiling Matters">
            {whyItMatters.intro}
          </SectionHeading>
          <div className="mt-12">
            <PointGrid points={whyItMatters.points} columns="lg:grid-cols-4" />
          </div>
        </div>
      </section>

      <section className="bg-paper py-16 sm:py-20" aria-labelledby="programme-heading">
        <div className="container-page grid gap-10 lg:grid-cols-[2fr_3fr] lg:items-start">
          <div>
            <h2 id="programme-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              Installed Around Your Trading Hours
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-brand">{programme.intro}</p>
            <p className="mt-4 leading-relaxed text-slate-brand">{programme.note}</p>
          </div>
          <ol className="space-y-4">
            {programme.nights.map((n, i) => (
              <li key={n.title} className="flex gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10">
                <span className="flex h-10 w-16 shrink-0 items-center justify-center rounded-full bg-navy-900 text-sm font-bold text-white">
                  Night {i + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{n.title}</h3>
                  <p className="mt-1 text-[15px] leading-relaxed text-slate-brand">{n.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="hair-salons" className="py-16 sm:py-20" aria-labelledby="salon-heading">
        <div className="container-page grid items-center gap-10 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-amber-deep">Hair salon fit-outs</p>
            <h2 id="salon-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
              Ceilings for Hair Salons and Beauty Businesses
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-brand">{salon.intro}</p>
            <CheckList items={salon.points} className="mt-6" />
          </div>
          <figure className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-navy-900/10">
            <img
              src={salon.image.src}
              alt={salon.image.alt}
              width={salon.image.width}
              height={salon.image.height}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] w-full bg-mist object-cover"
            />
            <figcaption className="p-5 text-[15px] leading-relaxed text-slate-brand">{salon.example}</figcaption>
          </figure>
        </div>
      </section>

      <section className="bg-navy-900 py-16 text-white sm:py-20" aria-labelledby="options-heading">
        <div className="container-page">
          <SectionHeading id="options-heading" title="Retail Ceilings at a Glance" tone="dark">
            The facts most shop owners ask for first. Your quote confirms the exact system, price and programme.
          </SectionHeading>
          <dl className="mx-auto mt-12 grid max-w-5xl gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {options.map((o) => (
              <div key={o.label} className="rounded-xl bg-navy-800 p-5">
                <dt className="text-sm font-semibold uppercase tracking-wider text-amber-brand">{o.label}</dt>
                <dd className="mt-2 text-lg font-semibold">{o.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="bg-paper py-16 sm:py-20" aria-labelledby="more-heading">
        <div className="container-page">
          <SectionHeading id="more-heading" title="Planning a Shop Fit-Out?">
            Find out more about how we work, or get straight in touch.
          </SectionHeading>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {further.map((f) => (
              <li key={f.to} className="flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
                <h3 className="text-lg font-semibold">{f.title}</h3>
                <p className="mt-2 flex-1 text-[15px] leading-relaxed text-slate-brand">{f.text}</p>
                <Link
                  to={f.to}
                  className="mt-4 inline-flex items-center gap-1 font-semibold text-teal-brand hover:underline"
                >
                  {f.action}
                  <span className="sr-only">: {f.title}</span>
                  <span aria-hidden="true">→</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBand id="cta-heading" heading={callToAction.heading} text={callToAction.text}>
        <Link to={quoteHref} className="btn-dark">
          Get a Shop Ceiling Quote
        </Link>
        <EstimateLink item="shop-ceiling" />
        <PhoneLink />
      </CtaBand>
    </>
  );
}
