/*
 * Hydration on the visitor's first interaction (app/features/site/hydrate-on-interaction.server.ts
 * does the work): the names the routes, the server's entry, the root route and the loader share.
 */

/** A route's `handle` asks for it: every page below a route with this handle hydrates on interaction. */
export type HydrationHandle = { hydrate?: "on-interaction" };

/** Any element with this attribute makes the page hydrate as soon as it loads (a staff preview). */
export const HYDRATE_NOW_ATTRIBUTE = "data-hydrate-now";

/** Dispatched on window once React has hydrated the page (the root route's first effect). */
export const HYDRATED_EVENT = "app:hydrated";

/** Whether a page whose matched routes are `routes` hydrates on interaction (entry.server.tsx asks). */
export const hydratesOnInteraction = (routes: ReadonlyArray<{ handle?: unknown }>): boolean =>
  routes.some((route) => (route.handle as HydrationHandle | undefined)?.hydrate === "on-interaction");
