import { data, Link, type MetaDescriptor } from "react-router";
import { JsonLd } from "~/components/json-ld";
import type { ProjectPhoto } from "~/db/column-types";
import { seoMeta } from "~/features/seo/meta";
import { CtaBand } from "~/features/site/cta-band";
import { NotFoundContent } from "~/features/site/not-found-content";
import { ProjectImage } from "~/features/uploads/project-image";
import { responsiveSources } from "~/features/uploads/upload-urls";
import type { Route } from "./+types/project-page";
import { areaPath, projectPath, projectService } from "./project-facts";
import { buildProjectJsonLd, photoBlocks, shortDescription } from "./project-json-ld";
import { TestimonialList } from "~/features/testimonials/testimonial-list";
import { getPublishedProject, isLiveArea, projectReview } from "./projects.server";

/** How wide a photo is drawn: a single one across the column, each half of a before/after pair. */
const SINGLE_SIZES = "(min-width: 1024px) 960px, 92vw";
const PAIR_SIZES = "(min-width: 1024px) 472px, (min-width: 640px) 46vw, 92vw";

/** The picture social networks show: the first photo, unless it is a drawing they cannot show (SVG). */
const shareImage = (photo: ProjectPhoto | undefined) =>
  photo && !/\.svg$/i.test(photo.src) ? photo.src : "/images/og-image.png";

/** /projects/<slug>: a published project's page (a draft or an unknown slug is the 404 page). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const project = await getPublishedProject(db, params.slug);
  if (!project) return data({ project: null }, { status: 404 });
  const areaLive = project.areaSlug ? await isLiveArea(db, project.areaSlug) : false;
  const path = projectPath(project.slug);
  const text = project.scope || project.description;
  const description = shortDescription(text);
  // The client's own words about this job, once staff published their verified review.
  const review = await projectReview(db, project.jobId);
  return {
    project: {
      title: project.title,
      path,
      description,
      paragraphs: text.split(/\n\s*\n/).filter((p) => p.trim()),
      area: project.area,
      areaLink: areaLive && project.areaSlug ? areaPath(project.areaSlug) : null,
      sector: project.sector,
      duration: project.duration,
      services: project.services.flatMap((s) => {
        const service = projectService(s);
        return service ? [{ label: service.label, path: service.path }] : [];
      }),
      photos: project.photos,
      shareImage: shareImage(project.photos[0]),
      review,
    },
    // The last crumb names the project (public-layout's Breadcrumbs reads it).
    crumbLabel: project.title,
    jsonLd: buildProjectJsonLd({
      siteUrl: context.services.siteUrl,
      path,
      title: project.title,
      description,
      area: project.area,
      datePublished: (project.publishedAt ?? project.createdAt).toISOString(),
      dateModified: project.updatedAt.toISOString(),
      photos: project.photos,
      businessName: context.services.business.name,
      review,
    }),
  };
}

/** The first photo is fetched with the page (the largest thing a visitor sees first). */
function preloadFirstPhoto(photos: ProjectPhoto[]): MetaDescriptor[] {
  const photo = photos[0];
  if (!photo) return [];
  const sizes = photoBlocks(photos)[0]?.kind === "pair" ? PAIR_SIZES : SINGLE_SIZES;
  const responsive = responsiveSources(photo.src);
  if (!responsive) return [{ tagName: "link", rel: "preload", as: "image", href: photo.src, fetchPriority: "high" }];
  return [
    {
      tagName: "link",
      rel: "preload",
      as: "image",
      type: "image/avif",
      imageSrcSet: responsive.srcSet.avif,
      imageSizes: sizes,
      fetchPriority: "high",
    },
  ];
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const project = loaderData?.project;
  if (!project) return [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
  const root = matches[0].loaderData;
  return [
    ...seoMeta({
      title: `${project.title} | ${root.business.name}`,
      description: project.description,
      path: project.path,
      siteUrl: root.siteUrl,
      siteName: root.business.name,
      image: project.shareImage,
      type: "article",
    }),
    ...preloadFirstPhoto(project.photos),
  ];
};

/** `first`: in the first block (loaded at once, not lazily); the page's first photo also gets fetch priority. */
function Photo({
  photo,
  sizes,
  first,
  caption,
  priority = false,
}: {
  photo: ProjectPhoto;
  sizes: string;
  first: boolean;
  caption?: string;
  priority?: boolean;
}) {
  return (
    <figure className="overflow-hidden rounded-xl bg-mist ring-1 ring-navy-900/10">
      <ProjectImage
        src={photo.src}
        alt={photo.alt}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        loading={first ? undefined : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding={first ? undefined : "async"}
        className="h-auto w-full"
      />
      {caption && <figcaption className="bg-white px-4 py-2 text-sm font-semibold">{caption}</figcaption>}
    </figure>
  );
}

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project } = loaderData;
  if (!project) {
    return (
      <div className="container-page py-12 sm:py-16">
        <NotFoundContent />
      </div>
    );
  }
  const blocks = photoBlocks(project.photos);
  const renderBlock = (block: (typeof blocks)[number]) =>
    block.kind === "pair" ? (
      <div key={block.index} className="grid gap-4 sm:grid-cols-2">
        <Photo
          photo={block.before}
          sizes={PAIR_SIZES}
          first={block.index === 0}
          priority={block.index === 0 && block.before === project.photos[0]}
          caption="Before"
        />
        <Photo
          photo={block.after}
          sizes={PAIR_SIZES}
          first={block.index === 0}
          priority={block.index === 0 && block.after === project.photos[0]}
          caption="After"
        />
      </div>
    ) : (
      <Photo
        key={block.index}
        photo={block.photo}
        sizes={SINGLE_SIZES}
        first={block.index === 0}
        priority={block.index === 0}
      />
    );
  const facts = [
    project.area && {
      term: "Area",
      value: project.areaLink ? (
        <Link to={project.areaLink} className="underline underline-offset-4">
          {project.area}
        </Link>
      ) : (
        project.area
      ),
    },
    project.sector && { term: "Sector", value: project.sector },
    project.services.length > 0 && {
      term: "Services",
      value: (
        <ul className="flex flex-wrap gap-x-3">
          {project.services.map((s) => (
            <li key={s.path}>
              <Link to={s.path} className="underline underline-offset-4">
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      ),
    },
    project.duration && { term: "Duration", value: project.duration },
  ].filter((f) => !!f);
  return (
    <>
      <article className="container-page max-w-5xl py-12 sm:py-16" aria-labelledby="page-heading">
        <JsonLd data={loaderData.jsonLd} />
        <h1 id="page-heading" className="text-4xl font-bold tracking-tight sm:text-5xl">
          {project.title}
        </h1>
        {facts.length > 0 && (
          <dl className="mt-6 grid gap-x-8 gap-y-3 sm:grid-cols-2">
            {facts.map((f) => (
              <div key={f.term}>
                <dt className="text-sm font-semibold uppercase tracking-wider text-slate-brand">{f.term}</dt>
                <dd className="mt-1 text-navy-900">{f.value}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className="mt-8 space-y-4">{blocks.slice(0, 1).map(renderBlock)}</div>
        <section aria-labelledby="scope-heading" className="mt-10 max-w-3xl">
          <h2 id="scope-heading" className="text-2xl font-bold">
            What we did
          </h2>
          {project.paragraphs.map((p, i) => (
            <p key={i} className="mt-4 text-lg leading-relaxed">
              {p}
            </p>
          ))}
        </section>
        {blocks.length > 1 && (
          <section aria-labelledby="photos-heading" className="mt-10">
            <h2 id="photos-heading" className="text-2xl font-bold">
              Photos
            </h2>
            <div className="mt-4 space-y-6">{blocks.slice(1).map(renderBlock)}</div>
          </section>
        )}
        {project.review && (
          <section aria-labelledby="review-heading" className="mt-10 max-w-3xl">
            <h2 id="review-heading" className="text-2xl font-bold">
              What the client said
            </h2>
            <div className="mt-4">
              <TestimonialList testimonials={[project.review]} />
            </div>
          </section>
        )}
        <p className="mt-10">
          <Link to="/projects" className="font-semibold text-navy-900 underline underline-offset-4">
            All our projects
          </Link>
        </p>
      </article>
      <CtaBand
        id="cta-heading"
        heading="Planning something similar?"
        text="Tell us about your space and we will quote for it."
      >
        <Link to="/contact-us" className="btn-dark">
          Get a free quote
        </Link>
      </CtaBand>
    </>
  );
}
