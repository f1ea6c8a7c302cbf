import { Link, useLocation, useMatches, type HeadersFunction } from "react-router";

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

/** The bar above a previewed page, so nobody mistakes a draft for the live page. */
export function PreviewBar() {
  const { pathname } = useLocation();
  return (
    <div role="status" className="bg-amber-brand text-navy-950">
      <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-1 py-2 text-sm font-semibold">
        <p>Preview — not published</p>
        <p className="flex gap-4">
          <Link to={pathname} className="underline underline-offset-2">
            See the published page
          </Link>
          <a href="/admin/pages" className="underline underline-offset-2">
            Back to Pages
          </a>
        </p>
      </div>
    </div>
  );
}
