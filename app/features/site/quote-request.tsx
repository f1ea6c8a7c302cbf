import { Link } from "react-router";
import type { LinkValue } from "~/features/pages/fields/field-dsl";
import { TickIcon } from "./page-sections";

/** The quote card's words: the specialists page's fields (shop-ceiling-specialists-fields.ts). */
export type QuoteRequestCopy = {
  heading: string;
  text: string;
  points: ReadonlyArray<string>;
  button: LinkValue;
  /** The words before the phone number ("or call"). */
  orCall: string;
};

/**
 * The shop-ceiling quote request: what a visitor gets and one button to the contact form with
 * Shop Ceiling Installation chosen. Shown in the specialists page's hero and closing block.
 */
export function QuoteRequest({
  copy,
  headingId,
  phone,
  tone = "light",
  level = 2,
}: {
  copy: QuoteRequestCopy;
  headingId: string;
  /** 2 when it stands alone (hero), 3 inside a section that has its own h2. */
  level?: 2 | 3;
  phone?: { display: string; e164: string };
  tone?: "light" | "dark";
}) {
  const dark = tone === "dark";
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div
      className={`rounded-xl p-6 shadow-lg sm:p-8 ${dark ? "bg-navy-800 text-white ring-1 ring-white/10" : "bg-white text-navy-900 ring-1 ring-navy-900/10"}`}
    >
      <Heading id={headingId} className="text-2xl font-semibold">
        {copy.heading}
      </Heading>
      <p className={`mt-2 leading-relaxed ${dark ? "text-white/85" : "text-slate-brand"}`}>{copy.text}</p>
      <ul className="mt-5 space-y-3">
        {copy.points.map((p, i) => (
          <li key={i} className="flex gap-3">
            <TickIcon className={dark ? "text-amber-brand" : "text-teal-brand"} />
            <span>{p}</span>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-3">
        <Link to={copy.button.href} className="btn-primary">
          {copy.button.label}
        </Link>
        {phone && (
          <p className={dark ? "text-white/85" : "text-slate-brand"}>
            {copy.orCall}{" "}
            <a
              href={`tel:${phone.e164}`}
              className={`font-semibold underline underline-offset-4 ${dark ? "text-white" : "text-navy-900"}`}
            >
              {phone.display}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
