import { Link } from "react-router";
import { getPageMeta } from "~/features/pages/pages.server";
import { editablePageMeta } from "~/features/seo/meta";
import { useBusiness } from "~/root";
import type { Route } from "./+types/privacy-policy";
import { fillBusinessText } from "./business-text";
import { intro, LAST_UPDATED, metaFallback, sections } from "./privacy-policy-content";

export async function loader() {
  return { page: await getPageMeta("privacy-policy") };
}

export const meta: Route.MetaFunction = editablePageMeta({ path: "/privacy-policy", fallback: metaFallback });

export default function PrivacyPolicyPage() {
  const business = useBusiness();
  const fill = (text: string) => fillBusinessText(text, business);
  return (
    <div className="container-page grid gap-12 py-12 sm:py-16 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <nav aria-label="Privacy policy sections" className="hidden lg:block">
        <div className="sticky top-28 rounded-xl bg-paper p-5 ring-1 ring-navy-900/10">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-amber-deep">On this page</h2>
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
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Privacy Policy</h1>
        <p className="mt-3 text-slate-brand">
          Last updated: <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.label}</time>
        </p>
        <p className="mt-6 text-lg leading-relaxed text-slate-brand">{fill(intro)}</p>

        {sections.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="mt-10">
            <h2 id={`${s.id}-heading`} className="text-2xl font-bold tracking-tight">
              {s.heading}
            </h2>
            {s.paragraphs?.map((p) => (
              <p key={p.slice(0, 32)} className="mt-4 leading-relaxed text-slate-brand">
                {fill(p)}
              </p>
            ))}
            {s.bullets && (
              <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed text-slate-brand marker:text-amber-deep">
                {s.bullets.map((b) => (
                  <li key={b}>{fill(b)}</li>
                ))}
              </ul>
            )}
            {s.after?.map((p) => (
              <p key={p.slice(0, 32)} className="mt-4 leading-relaxed text-slate-brand">
                {fill(p)}
              </p>
            ))}
          </section>
        ))}

        <p className="mt-12 rounded-xl bg-paper p-6 leading-relaxed ring-1 ring-navy-900/10">
          Questions about this notice or your data? E-mail{" "}
          <a href={`mailto:${business.email}`} className="font-semibold text-navy-900 underline underline-offset-4">
            {business.email}
          </a>{" "}
          or call{" "}
          <a href={`tel:${business.phoneE164}`} className="font-semibold text-navy-900 underline underline-offset-4">
            {business.phone}
          </a>
          , or send us a message through our{" "}
          <Link to="/contact-us" className="font-semibold text-navy-900 underline underline-offset-4">
            contact page
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
