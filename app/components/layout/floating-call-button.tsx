import type { Business } from "~/config";

/** A thumb-reach call button for phones; hidden from medium widths up, where the header shows the number. */
export function FloatingCallButton({ business }: { business: Business }) {
  return (
    <aside aria-label="Call us">
      <a
        href={`tel:${business.phoneE164}`}
        className="fixed bottom-[calc(1rem+env(safe-area-inset-bottom))] left-4 z-30 inline-flex h-14 items-center gap-2 rounded-full bg-amber-brand px-5 font-semibold text-navy-950 shadow-lg shadow-navy-950/30 md:hidden"
        aria-label={`Call Now, ${business.name} on ${business.phone}`}
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
          <path d="M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2a1 1 0 011-.25 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.57a1 1 0 01-.25 1z" />
        </svg>
        Call Now
      </a>
    </aside>
  );
}
