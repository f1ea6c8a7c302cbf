import type { ReactNode } from "react";
import { Link } from "react-router";
import { SectionHeading } from "~/components/ui/section-heading";
import { useRootData } from "~/root";
import type { Img, Point } from "./content-types";

/**
 * Building blocks for the public content pages, in the home page's visual language: a navy hero,
 * card grids on paper and checklists (the closing amber band is cta-band.tsx).
 */

/** The page's opening band with its only h1. The image is the largest thing above the fold: never lazy. */
export function PageHero({
  eyebrow,
  title,
  lead,
  image,
  actions,
  aside,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  image?: Img;
  actions?: ReactNode;
  /** Shown instead of an image in the right-hand column (e.g. a quote request card). */
  aside?: ReactNode;
}) {
  return (
    <section className="bg-navy-900 text-white" aria-labelledby="page-heading">
      <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-20">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-amber-brand">{eyebrow}</p>
          <h1 id="page-heading" className="mt-4 text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
            {title}
          </h1>
          <div className="mt-5 max-w-xl text-lg leading-relaxed text-white/85">{lead}</div>
          {actions && <div className="mt-8 flex flex-wrap gap-3">{actions}</div>}
        </div>
        {aside ??
          (image && (
            <img
              src={image.src}
              alt={image.alt}
              width={image.width}
              height={image.height}
              fetchPriority="high"
              className="h-auto w-full rounded-xl shadow-2xl ring-1 ring-white/10"
            />
          ))}
      </div>
    </section>
  );
}

type HeroFields = { heroEyebrow: string; heroHeading: string; heroLead: string };
type LinkValue = { label: string; href: string };

/**
 * The hero of a page whose words are editable fields (heroFields): the small line, the heading and
 * the introduction, then a main button and a second one (another link, or the phone number).
 */
export function FieldsHero({
  f,
  image,
  primary,
  secondary,
  aside,
}: {
  f: HeroFields;
  image?: Img;
  primary?: LinkValue;
  secondary?: LinkValue | "phone";
  aside?: ReactNode;
}) {
  return (
    <PageHero
      eyebrow={f.heroEyebrow}
      title={f.heroHeading}
      lead={<p>{f.heroLead}</p>}
      image={image}
      aside={aside}
      actions={
        primary && (
          <>
            <Link to={primary.href} className="btn-primary">
              {primary.label}
            </Link>
            {secondary === "phone" ? (
              <PhoneLink className="btn-outline text-white" />
            ) : (
              secondary && (
                <Link to={secondary.href} className="btn-outline text-white">
                  {secondary.label}
                </Link>
              )
            )}
          </>
        )
      }
    />
  );
}

const SECTION_BACKGROUNDS = {
  plain: "py-16 sm:py-20",
  paper: "bg-paper py-16 sm:py-20",
  navy: "bg-navy-900 py-16 text-white sm:py-20",
} as const;

/**
 * A page section named by its centred heading (an h2 with an intro underneath), on plain, paper
 * or navy ground; the children follow the heading inside the page container.
 */
export function HeadedSection({
  id,
  heading,
  intro,
  background = "plain",
  children,
}: {
  /** The heading's id, which also names the section (aria-labelledby). */
  id: string;
  heading: string;
  intro: ReactNode;
  background?: keyof typeof SECTION_BACKGROUNDS;
  children: ReactNode;
}) {
  return (
    <section className={SECTION_BACKGROUNDS[background]} aria-labelledby={id}>
      <div className="container-page">
        <SectionHeading id={id} title={heading} tone={background === "navy" ? "dark" : "light"}>
          {intro}
        </SectionHeading>
        {children}
      </div>
    </section>
  );
}

/** Cards with a title and a sentence each (benefit grids, problems we fix). Titles are h3. */
export function PointGrid({
  points,
  columns = "lg:grid-cols-3",
  tone = "light",
}: {
  points: ReadonlyArray<Point>;
  columns?: string;
  tone?: "light" | "dark";
}) {
  return (
    <ul className={`grid gap-5 sm:grid-cols-2 ${columns}`}>
      {points.map((p) => (
        <li
          key={p.title}
          className={
            tone === "dark" ? "rounded-xl bg-navy-800 p-6" : "rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10"
          }
        >
          <h3 className={`text-lg font-semibold ${tone === "dark" ? "text-amber-brand" : ""}`}>{p.title}</h3>
          <p className={`mt-2 text-[15px] leading-relaxed ${tone === "dark" ? "text-white/85" : "text-slate-brand"}`}>
            {p.text}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** A list of short statements, each with a tick. */
export function CheckList({ items, className = "" }: { items: ReadonlyArray<string>; className?: string }) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <TickIcon />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function TickIcon({ className = "text-teal-brand" }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={`mt-0.5 h-5 w-5 shrink-0 ${className}`} fill="currentColor" aria-hidden="true">
      <path d="M10 0a10 10 0 110 20 10 10 0 010-20zm4.3 6.3L8.5 12 5.7 9.3l-1.4 1.4 4.2 4.2 7.2-7.2z" />
    </svg>
  );
}

/** Numbered steps (an ordered list); each title is an h3 with a "Step n:" prefix for screen readers. */
export function StepList({
  steps,
}: {
  steps: ReadonlyArray<{ id: string; title: string; text: string; image?: Img }>;
}) {
  return (
    <ol className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, i) => (
        <li
          key={step.id}
          className={step.image ? "text-center" : "rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10"}
        >
          {step.image && (
            <img
              src={step.image.src}
              alt=""
              width={step.image.width}
              height={step.image.height}
              loading="lazy"
              decoding="async"
              className="mx-auto h-auto w-full max-w-[240px]"
            />
          )}
          <p
            className={`flex h-10 w-10 items-center justify-center rounded-full bg-amber-brand font-bold text-navy-950 ${step.image ? "mx-auto -mt-2" : ""}`}
            aria-hidden="true"
          >
            {i + 1}
          </p>
          <h3 className="mt-3 text-lg font-semibold">
            <span className="sr-only">Step {i + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-[15px] leading-relaxed text-slate-brand">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** "Call <number>" as a tel: link, with the business's number from the root loader. */
export function PhoneLink({ className = "btn-outline" }: { className?: string }) {
  const business = useRootData()?.business;
  if (!business) return null;
  return (
    <a href={`tel:${business.phoneE164}`} className={className}>
      Call {business.phone}
    </a>
  );
}
