import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";

/**
 * React Router's scroll handling (a new page opens at the top, Back and Forward return to where
 * the visitor was), without the inline script that React Router's <ScrollRestoration> adds to
 * every page. That script runs while the HTML is still being parsed, before the first paint, and
 * touches history and sessionStorage; measured with Lighthouse on the home page it added 6-12 ms
 * of main-thread work to the parsing task, which Lighthouse's 4x mobile CPU turns into blocking
 * time. All it does is restore the scroll position of a reloaded document before React takes
 * over, and the browser does that itself: React Router hands scroll restoration back to the
 * browser when the page is hidden.
 *
 * The hook is the one <ScrollRestoration> uses (exported as UNSAFE_ because its signature may
 * change between minor versions; react-router is pinned to an exact version). Covered by
 * tests/e2e/scroll-restoration.spec.ts.
 */
export function ScrollRestorationWithoutScript() {
  useScrollRestoration();
  return null;
}
