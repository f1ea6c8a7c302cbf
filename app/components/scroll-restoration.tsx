import { useLayoutEffect } from "react";
import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";
import { HYDRATE_ON_INTERACTION } from "./hydration";

// React Router's own names (react-router is pinned): where <ScrollRestoration> keeps positions, and
// the key of the document's history entry.
const POSITIONS_KEY = "react-router-scroll-positions";
const entryKey = () => (window.history.state as { key?: string } | null)?.key ?? "default";

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
  useKeepScrollAtLateHydration();
  useScrollRestoration();
  return null;
}

/**
 * A page that hydrates at the first interaction (a reloaded or revisited page the visitor is already
 * scrolling) must not be moved by it: React Router scrolls to the position it saved for this history
 * entry when it hydrates, which the browser restored long before. The saved position becomes where
 * the visitor is now. Runs before useScrollRestoration's own layout effects read the positions.
 */
function useKeepScrollAtLateHydration() {
  useLayoutEffect(() => {
    if (document.body.dataset.hydrate !== HYDRATE_ON_INTERACTION) return;
    try {
      const positions = JSON.parse(sessionStorage.getItem(POSITIONS_KEY) ?? "{}") as Record<string, number>;
      if (!(entryKey() in positions)) return;
      positions[entryKey()] = window.scrollY;
      sessionStorage.setItem(POSITIONS_KEY, JSON.stringify(positions));
    } catch {
      // No session storage: React Router has no saved position to restore either.
    }
  }, []);
}
