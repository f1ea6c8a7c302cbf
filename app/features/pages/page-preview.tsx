import { useMatches, type HeadersFunction } from "react-router";

// Staff previewing a draft (?preview=1 on a page's own URL, see page-content.server.ts).

/**
 * The `headers` export of a page with drafts: a preview's own no-store (never kept by the HTML
 * cache or a CDN), otherwise the public layout's cache headers.
 */
export const pageHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) =>
  loaderHeaders.has("Cache-Control") ? loaderHeaders : parentHeaders;

/** Whether the page being shown is a staff preview of its draft. */
export function useIsPreview(): boolean {
  return useMatches().some((m) => (m.loaderData as { preview?: unknown } | undefined)?.preview === true);
}
