/*
 * Hydration on the visitor's first interaction (app/features/site/hydrate-on-interaction.server.ts
 * does the work): the names the page, the root route and the browser tests share.
 */

/** A route's `handle` asks for it: every page below a route with this handle hydrates on interaction. */
export type HydrationHandle = { hydrate?: "on-interaction" };

/** The body carries `data-hydrate="on-interaction"` on such a page (and the server looks for it). */
export const HYDRATE_ON_INTERACTION = "on-interaction";

/** Any element with this attribute makes the page hydrate as soon as it loads (a staff preview). */
export const HYDRATE_NOW_ATTRIBUTE = "data-hydrate-now";

/** Dispatched on window once React has hydrated the page (the root route's first effect). */
export const HYDRATED_EVENT = "app:hydrated";

export const hydratesOnInteraction = (matches: ReadonlyArray<{ handle?: unknown }>): boolean =>
  matches.some((m) => (m.handle as HydrationHandle | undefined)?.hydrate === HYDRATE_ON_INTERACTION);
