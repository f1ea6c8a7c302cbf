/**
 * Cache-Control for public pages: browsers revalidate every time (cheap, with the ETag); shared
 * caches (a CDN) may keep a page for 30 s and serve it stale for a minute while refetching.
 * Sending it also opts a page in to the server's HTML cache (server/page-cache.server.ts).
 * The public layout sends it for every page under it; pages with forms override it (no-store).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";

export function publicPageHeaders() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
}
