import { useEffect, useRef, useState, type RefObject } from "react";
import type { Business } from "~/config";

/**
 * A thumb-reach call button for phones; hidden from medium widths up, where the header shows the
 * number. It steps aside (invisible, so out of the tab order too) while it would lie over one of a
 * form's controls: a submit button, a field, a day tile or a signature pad is never under it.
 */
export function FloatingCallButton({ business }: { business: Business }) {
  const link = useRef<HTMLAnchorElement>(null);
  const overControl = useOverFormControl(link);
  return (
    <aside aria-label="Call us">
      <a
        ref={link}
        href={`tel:${business.phoneE164}`}
        className={`fixed bottom-[calc(1rem+env(safe-area-inset-bottom))] left-4 z-30 inline-flex h-14 items-center gap-2 rounded-full bg-amber-brand px-5 font-semibold text-navy-950 shadow-lg shadow-navy-950/30 transition-opacity md:hidden ${overControl ? "invisible opacity-0" : ""}`}
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

/** What a visitor may tap or type in inside a form (a hidden control has no box and never matches). */
const FORM_CONTROLS =
  "form :is(button, input:not([type=hidden]), select, textarea, a[href], label, summary, canvas, [role=button], [role=radio], [tabindex]:not([tabindex='-1']))";
/** Room kept around the button, so a control just beside it is not crowded either. */
const MARGIN_PX = 8;

/**
 * Whether the element's box lies over any form control, rechecked once a frame at most while the
 * page scrolls, resizes or changes (a form appears, a list of times loads). The box is measured
 * while invisible too (visibility keeps the layout), so the button comes back once the way is clear.
 */
function useOverFormControl(target: RefObject<HTMLElement | null>): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const box = target.current?.getBoundingClientRect();
      // Not shown at this width (display: none): nothing to move aside.
      if (!box || box.width === 0) return setOver(false);
      const hits = [...document.querySelectorAll(FORM_CONTROLS)].some((control) => {
        const r = control.getBoundingClientRect();
        return (
          r.width > 0 &&
          r.height > 0 &&
          r.left < box.right + MARGIN_PX &&
          r.right > box.left - MARGIN_PX &&
          r.top < box.bottom + MARGIN_PX &&
          r.bottom > box.top - MARGIN_PX
        );
      });
      setOver(hits);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      changes.disconnect();
    };
  }, [target]);
  return over;
}
