import type { PublicTestimonial } from "./testimonials.server";

export function Stars({ count }: { count: number }) {
  return (
    <span className="flex gap-0.5 text-amber-brand" role="img" aria-label={`${count} out of 5 stars`}>
      {Array.from({ length: 5 }, (_, i) => (
        <svg
          key={i}
          viewBox="0 0 20 20"
          className="h-5 w-5"
          fill={i < count ? "currentColor" : "none"}
          stroke="currentColor"
          aria-hidden="true"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}

/** "12 March 2026", in Dublin: the day a client's review arrived. */
const reviewDate = new Intl.DateTimeFormat("en-IE", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Dublin",
});

export function TestimonialList({ testimonials }: { testimonials: PublicTestimonial[] }) {
  if (testimonials.length === 0) return null;
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {testimonials.map((t) => (
        <li key={t.id} className="flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
          <Stars count={t.stars} />
          <blockquote className="mt-4 flex-1 leading-relaxed text-navy-900">
            <p>“{t.content}”</p>
          </blockquote>
          <p className="mt-5 font-semibold">{t.name}</p>
          <p className="text-sm text-slate-brand">{[t.title, t.company, t.location].filter(Boolean).join(", ")}</p>
          {t.verified && (
            <p className="mt-1 text-sm text-slate-brand">
              Verified review,{" "}
              <time dateTime={new Date(t.createdAt).toISOString()}>{reviewDate.format(new Date(t.createdAt))}</time>
            </p>
          )}
          {t.reply && (
            <p className="mt-3 border-l-4 border-mist pl-3 text-sm">
              <span className="font-semibold">Our reply:</span> {t.reply}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
