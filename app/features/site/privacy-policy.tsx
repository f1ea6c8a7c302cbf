import { Link } from "react-router";
import { loadPageContent } from "~/features/pages/page-content.server";
import { pageHeaders } from "~/features/pages/page-preview";
import { editablePageMeta } from "~/features/seo/meta";
import { useBusiness } from "~/root";
import type { Route } from "./+types/privacy-policy";
import { metaFallback } from "./privacy-policy-content";
import { privacyPolicyFields } from "./privacy-policy-fields";

export const loader = (args: Route.LoaderArgs) => loadPageContent(args, privacyPolicyFields);

export const headers = pageHeaders;

export const meta: Route.MetaFunction = editablePageMeta({ fallback: metaFallback });

/** Each section's anchor (/privacy-policy#cookies), by position; sections added later get a numbered one. */
const SECTION_IDS = [
  "who-we-are",
  "what-we-collect",
  "why-we-use-it",
  "who-sees-it",
  "how-long",
  "security",
  "your-rights",
  "cookies",
  "changes",
];

const MONTHS = "January February March April May June July August September October November December".split(" ");

/** "2026-11-21" as 21 November 2026 (no Intl: the server and the browser must agree). */
function LastUpdated({ date }: { date: string }) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return <>{date}</>;
  return <time dateTime={date}>{`${Number(m[3])} ${month} ${m[1]}`}</time>;
}

const paragraphsOf = (text: string) => text.split(/\n\s*\n/).filter((p) => p.trim() !== "");
const linesOf = (text: string) => text.split("\n").filter((l) => l.trim() !== "");

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  const business = useBusiness();
  const f = loaderData.fields;
  const sections = f.sections.map((s, i) => ({ ...s, id: SECTION_IDS[i] ?? `section-${i + 1}` }));
  return (
    <div className="container-page grid gap-12 py-12 sm:py-16 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <nav aria-label="Privacy policy sections" className="hidden lg:block">
        <div className="sticky top-28 rounded-xl bg-paper p-5 ring-1 ring-navy-900/10">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-amber-deep">{f.tocHeading}</h2>
          <ol className="mt-3 space-y-2 text-[15px]">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-navy-900 underline-offset-4 hover:underline">
                  {s.heading}
                </a>
              </li>
            ))}
          </ol>
        </div>
      </nav>

      <div className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{f.heading}</h1>
        <p className="mt-3 text-slate-brand">
          {`${f.updatedLabel} `}
          <LastUpdated date={f.lastUpdated} />
        </p>
        <p className="mt-6 text-lg leading-relaxed text-slate-brand">{f.intro}</p>

        {sections.map((s) => {
          const bullets = linesOf(s.bullets);
          return (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="mt-10">
              <h2 id={`${s.id}-heading`} className="text-2xl font-bold tracking-tight">
                {s.heading}
              </h2>
              {paragraphsOf(s.paragraphs).map((p, i) => (
                <p key={i} className="mt-4 leading-relaxed text-slate-brand">
                  {p}
                </p>
              ))}
              {bullets.length > 0 && (
                <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed text-slate-brand marker:text-amber-deep">
                  {bullets.map((b, i) => (
                    <li key={i}>{b}</li>
                  ))}
                </ul>
              )}
              {paragraphsOf(s.after).map((p, i) => (
                <p key={i} className="mt-4 leading-relaxed text-slate-brand">
                  {p}
                </p>
              ))}
            </section>
          );
        })}

        <p className="mt-12 rounded-xl bg-paper p-6 leading-relaxed ring-1 ring-navy-900/10">
          {f.questionsLead}{" "}
          <a href={`mailto:${business.email}`} className="font-semibold text-navy-900 underline underline-offset-4">
            {business.email}
          </a>{" "}
          {f.questionsOrCall}{" "}
          <a href={`tel:${business.phoneE164}`} className="font-semibold text-navy-900 underline underline-offset-4">
            {business.phone}
          </a>
          {f.questionsMessage}{" "}
          <Link to={f.contactLink.href} className="font-semibold text-navy-900 underline underline-offset-4">
            {f.contactLink.label}
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
