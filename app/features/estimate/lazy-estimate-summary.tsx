import { lazy, Suspense, type ComponentProps } from "react";

// The contact and booking forms show an estimate only when a visitor brings one (?estimate=), so its
// summary (and the price list's formatting it uses) loads with it rather than with every visit. A
// server-rendered summary stays on screen while its code loads (hydration waits for it); after a
// move between pages it appears once loaded, a moment after the form.
const EstimateSummary = lazy(() => import("./estimate-summary").then((m) => ({ default: m.EstimateSummary })));

/** EstimateSummary, its code fetched the first time one is shown. */
export function LazyEstimateSummary(props: ComponentProps<typeof EstimateSummary>) {
  return (
    <Suspense>
      <EstimateSummary {...props} />
    </Suspense>
  );
}
