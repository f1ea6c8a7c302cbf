import { Link, useLocation } from "react-router";
import { HYDRATE_NOW_ATTRIBUTE } from "~/components/hydration";

// Only staff previewing a draft see this bar, so the public layout loads it lazily.

/** The bar above a previewed page, so nobody mistakes a draft for the live page. */
export default function PreviewBar() {
  const { pathname } = useLocation();
  return (
    // A staff preview hydrates as it loads, not at the first interaction.
    <div role="status" className="bg-amber-brand text-navy-950" {...{ [HYDRATE_NOW_ATTRIBUTE]: "" }}>
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
