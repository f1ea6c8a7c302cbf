import { useEffect } from "react";
import { useLocation } from "react-router";
import { SCROLL_OFFSET_DEFAULT } from "./nav-links";

/** Delay before scrolling to a hash target, so the page (and its images' boxes) has rendered. */
export const HASH_SCROLL_DELAY_MS = 100;

/**
 * Scrolls to the element named by the URL hash, leaving room for the sticky header: 80 px by
 * default, or the offset a link put in its navigation state (100 for nav and footer links).
 * Runs on first load and after every navigation, so /#services works from any page.
 * A missing target logs a warning and scrolls to the top.
 */
export function useHashScroll() {
  const location = useLocation();
  useEffect(() => {
    const id = decodeHash(location.hash);
    if (!id) return;
    const state = location.state as { scrollOffset?: unknown } | null;
    const offset = typeof state?.scrollOffset === "number" ? state.scrollOffset : SCROLL_OFFSET_DEFAULT;
    const timer = window.setTimeout(() => {
      const target = document.getElementById(id);
      const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      if (!target) {
        console.warn(`Hash navigation: no element with id "${id}" on this page; scrolling to the top.`);
        window.scrollTo({ top: 0, behavior: smooth ? "smooth" : "auto" });
        return;
      }
      const top = target.getBoundingClientRect().top + window.scrollY - offset;
      window.scrollTo({ top: Math.max(0, top), behavior: smooth ? "smooth" : "auto" });
    }, HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [location.key, location.hash, location.state]);
}

function decodeHash(hash: string): string {
  const raw = hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
