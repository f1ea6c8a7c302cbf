import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { SectionHeading } from "~/components/ui/section-heading";
import { ProjectGrid } from "~/features/gallery/project-grid";
import { listFeaturedProjects } from "~/features/gallery/gallery.server";
import { loadPageContent } from "~/features/pages/page-content.server";
import { pageHeaders } from "~/features/pages/page-preview";
import { getLocalBusinessJsonLd } from "~/features/seo/local-business.server";
import { statedRating } from "~/features/seo/local-business";
import { canonicalPath, seoMeta } from "~/features/seo/meta";
import { TestimonialList } from "~/features/testimonials/testimonial-list";
import { listPublicTestimonials } from "~/features/testimonials/testimonials.server";
import { listPostCards } from "~/features/blog/post-cards.server";
import { postPath } from "~/features/blog/post-paths";
import { useBusiness } from "~/root";
import type { AppServices } from "~/services.server";
import type { Route } from "./+types/home";
import { heroImage, processImages, serviceCards } from "./home-media";
import { homeFields } from "./home-fields";

async function loadRows(services: AppServices) {
  const [projects, testimonials, latest] = await Promise.all([
    listFeaturedProjects(services.database.db, 8),
    listPublicTestimonials(services.database.db, 3),
    listPostCards(services.database.db, services.business, 1, 3),
  ]);
  return {
    projects,
    testimonials,
    posts: latest.posts,
    localBusiness: await getLocalBusinessJsonLd(services, testimonials),
  };
}

export const loader = (args: Route.LoaderArgs) => loadPageContent(args, homeFields, loadRows(args.context.services));

export const headers = pageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const root = matches[0].loaderData;
  // A staff preview of a draft is never for search engines.
  return [
    ...(loaderData?.preview ? [{ name: "robots", content: "noindex" }] : []),
    ...seoMeta({
      title: loaderData?.page?.title ?? `${loaderData?.fields.heroHeading ?? "Home"} | ${root.business.name}`,
      description: loaderData?.page?.description ?? loaderData?.fields.heroLead,
      path: canonicalPath(loaderData, location),
      siteUrl: root.siteUrl,
      siteName: root.business.name,
    }),
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const business = useBusiness();
  const f = loaderData.fields;
  return (
    <>
      <JsonLd data={loaderData.localBusiness} />
      <section className="relative overflow-hidden bg-navy-900 text-white">
        <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-20">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-amber-brand">{f.heroEyebrow}</p>
            <h1 className="mt-4 text-4xl font-bold leading-tight tracking-tight sm:text-5xl">{f.heroHeading}</h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-white/85">{f.heroLead}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={f.consultationButton.href} className="btn-primary">
                {f.consultationButton.label}
              </Link>
              <a href={`tel:${business.phoneE164}`} className="btn-outline text-white">
                Call {business.phone}
              </a>
            </div>
          </div>
          <img
            src={heroImage.src}
            alt={heroImage.alt}
            width={heroImage.width}
            height={heroImage.height}
            fetchPriority="high"
            className="h-auto w-full rounded-xl shadow-2xl ring-1 ring-white/10"
          />
        </div>
      </section>

      <section id="services" className="bg-paper py-16 sm:py-20" aria-labelledby="services-heading">
        <div className="container-page">
          <SectionHeading id="services-heading" title={f.servicesHeading}>
            {f.servicesIntro}
          </SectionHeading>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {f.services.map(({ title, description }, i) => {
              const s = serviceCards[i] ?? serviceCards[0]!;
              return (
                <li
                  key={i}
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
                    <h3 className="text-lg font-semibold">{title}</h3>
                    <p className="mt-2 flex-1 text-[15px] leading-relaxed text-slate-brand">{description}</p>
                    <Link
                      to={s.link}
                      className="mt-4 inline-flex items-center gap-1 font-semibold text-teal-brand hover:underline"
                    >
                      {f.servicesLinkLabel}
                      <span className="sr-only"> about {title}</span>
                      <span aria-hidden="true">→</span>
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className="py-16 sm:py-20" aria-labelledby="process-heading">
        <div className="container-page">
          <SectionHeading id="process-heading" title={f.processHeading}>
            {f.processIntro}
          </SectionHeading>
          <ol className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {f.processSteps.map((step, i) => {
              const image = processImages[i] ?? processImages[0]!;
              return (
                <li key={i} className="text-center">
                  <img
                    src={image.src}
                    alt=""
                    width={image.width}
                    height={image.height}
                    loading="lazy"
                    decoding="async"
                    className="mx-auto h-auto w-full max-w-[240px]"
                  />
                  <p
                    className="mx-auto -mt-2 flex h-10 w-10 items-center justify-center rounded-full bg-amber-brand font-bold text-navy-950"
                    aria-hidden="true"
                  >
                    {i + 1}
                  </p>
                  <h3 className="mt-3 text-lg font-semibold">
                    <span className="sr-only">Step {i + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="mt-2 text-[15px] leading-relaxed text-slate-brand">{step.description}</p>
                  {/* The second step, arranging the visit: book the survey online. */}
                  {i === 1 && (
                    <Link
                      to="/book"
                      className="mt-3 inline-block font-semibold text-navy-700 underline underline-offset-4"
                    >
                      Book a free site survey
                    </Link>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      </section>

      <section id="about" className="bg-navy-900 py-16 text-white sm:py-20" aria-labelledby="why-heading">
        <div className="container-page grid gap-10 lg:grid-cols-[2fr_3fr] lg:items-start">
          <div>
            <h2 id="why-heading" className="text-3xl font-bold sm:text-4xl">
              {f.whyHeading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-white/85">{f.whyIntro}</p>
            <Link to={f.aboutButton.href} className="btn-primary mt-8">
              {f.aboutButton.label}
            </Link>
          </div>
          <ul className="grid gap-5 sm:grid-cols-2">
            {f.whyPoints.map((p, i) => (
              <li key={i} className="rounded-xl bg-navy-800 p-6">
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
              {f.safetyHeading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-brand">{f.safetyIntro}</p>
          </div>
          <ul className="space-y-3">
            {f.safetyPoints.map((point, i) => (
              <li key={i} className="flex gap-3 rounded-lg bg-paper p-4">
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

      {/* Hidden with its heading while no project is featured (e.g. after the demo content is removed). */}
      {loaderData.projects.length > 0 && (
        <section className="bg-paper py-16 sm:py-20" aria-labelledby="gallery-heading">
          <div className="container-page">
            <SectionHeading id="gallery-heading" title={f.galleryHeading}>
              {f.galleryIntro}
            </SectionHeading>
            <div className="mt-12">
              <ProjectGrid projects={loaderData.projects} />
            </div>
            <div className="mt-10 text-center">
              <Link to={f.galleryButton.href} className="btn-dark">
                {f.galleryButton.label}
              </Link>
            </div>
          </div>
        </section>
      )}

      {loaderData.testimonials.length > 0 && (
        <section className="py-16 sm:py-20" aria-labelledby="testimonials-heading">
          <div className="container-page">
            <SectionHeading id="testimonials-heading" title={f.testimonialsHeading}>
              {testimonialsIntro(f.testimonialsIntro, statedRating(loaderData.localBusiness))}
            </SectionHeading>
            <div className="mt-12">
              <TestimonialList testimonials={loaderData.testimonials} />
            </div>
          </div>
        </section>
      )}

      {loaderData.posts.length > 0 && (
        <section className="bg-paper py-16 sm:py-20" aria-labelledby="blog-heading">
          <div className="container-page">
            <SectionHeading id="blog-heading" title={f.blogHeading}>
              {f.blogIntro}
            </SectionHeading>
            {/* Centred, so one or two posts do not sit to one side of an empty row. */}
            <ul className="mt-12 flex flex-wrap justify-center gap-6">
              {loaderData.posts.map((post) => (
                <li key={post.slug} className="w-full md:w-[calc((100%-3rem)/3)]">
                  <article className="flex h-full flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
                    <p className="text-sm text-slate-brand">
                      <time dateTime={post.datePublished}>{post.dateLabel}</time> · {post.readingMinutes} minute read
                    </p>
                    <h3 className="mt-2 text-xl font-semibold">
                      <Link to={postPath(post.slug)} className="underline-offset-4 hover:underline">
                        {post.title}
                      </Link>
                    </h3>
                    <p className="mt-3 line-clamp-4 flex-1 leading-relaxed text-slate-brand">{post.excerpt}</p>
                  </article>
                </li>
              ))}
            </ul>
            <div className="mt-10 text-center">
              <Link to="/blog" className="btn-dark">
                Read All Articles
              </Link>
            </div>
          </div>
        </section>
      )}

      <section className="bg-amber-brand py-14 text-navy-950" aria-labelledby="cta-heading">
        <div className="container-page flex flex-col items-start justify-between gap-6 lg:flex-row lg:items-center">
          <div>
            <h2 id="cta-heading" className="text-3xl font-bold">
              {f.ctaHeading}
            </h2>
            <p className="mt-2 max-w-2xl text-lg">{f.ctaText}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to={f.consultationButton.href} className="btn-dark">
              {f.consultationButton.label}
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

/**
 * The intro above the testimonials: {rating} and {reviews} filled with the rating the page's
 * structured data states (the published verified reviews', else Settings > Business), or, with none,
 * a line that claims none (a made-up rating must never go live).
 */
function testimonialsIntro(text: string, rating: { value: number; count: number } | null): string {
  if (rating)
    return text
      .replaceAll("{rating}", String(rating.value))
      .replaceAll("{reviews} reviews", rating.count === 1 ? "1 review" : "{reviews} reviews")
      .replaceAll("{reviews}", rating.count.toLocaleString("en-IE"));
  return /\{(rating|reviews)\}/.test(text)
    ? "What offices, retailers and salon owners say about working with us."
    : text;
}
