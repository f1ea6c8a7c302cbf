import { Link, useLocation, useMatches } from "react-router";
import { JsonLd } from "~/components/json-ld";

/** Friendly names for known path segments (spec section 2, Breadcrumb). */
const LABELS: Record<string, string> = {
  partitions: "Office Partitions",
  "suspended-ceilings": "Suspended Ceilings",
  "shop-ceiling": "Shop Ceiling Installation",
  "shop-ceiling-specialists": "Shop Ceiling Specialists",
  "ceiling-repair": "Ceiling Repairs",
  gallery: "Project Gallery",
  "about-us": "About Us",
  contact: "Contact Us",
  "contact-us": "Contact Us",
  estimate: "Instant Estimate",
  book: "Book a Site Survey",
};

export type Crumb = { label: string; path: string };

/** "shop-fit-outs" → "Shop Fit Outs"; a trailing ".html" is not part of the name. */
export function titleCase(segment: string): string {
  return decodeSafe(segment)
    .replace(/\.html?$/i, "")
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/**
 * One crumb per path segment, named by the spec's rule: a known segment by its friendly label, any
 * other title-cased from its hyphenated text (/blog/shop-ceiling-trends ends "Shop Ceiling Trends",
 * whatever the post's title), the same in the bar and in its BreadcrumbList.
 */
export function buildCrumbs(pathname: string, lastLabel?: string): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  const crumbs: Crumb[] = [{ label: "Home", path: "/" }];
  // A booking's own page: its secret token is never shown, and /booking itself is no page.
  if (segments[0] === "booking") return [...crumbs, { label: "Your Site Survey", path: pathname }];
  // An area's projects: /areas itself is no page; the area belongs under Projects.
  if (segments[0] === "areas" && segments.length === 2)
    return [...crumbs, { label: "Projects", path: "/projects" }, { label: titleCase(segments[1]!), path: pathname }];
  segments.forEach((segment, i) => {
    crumbs.push({ label: LABELS[segment] ?? titleCase(segment), path: `/${segments.slice(0, i + 1).join("/")}` });
  });
  // A page whose loader names itself (a project's page: its title) ends with that name.
  if (lastLabel && crumbs.length > 1) crumbs[crumbs.length - 1] = { ...crumbs[crumbs.length - 1]!, label: lastLabel };
  return crumbs;
}

export function breadcrumbJsonLd(crumbs: Crumb[], siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.label,
      item: `${siteUrl}${c.path === "/" ? "/" : c.path}`,
    })),
  };
}

/** The trail for the current page; `siteUrl` (the public origin) makes its BreadcrumbList absolute. */
export function Breadcrumbs({ siteUrl }: { siteUrl: string }) {
  const { pathname } = useLocation();
  const last = useMatches().at(-1)?.loaderData as { crumbLabel?: unknown } | undefined;
  const crumbs = buildCrumbs(pathname, typeof last?.crumbLabel === "string" ? last.crumbLabel : undefined);
  if (crumbs.length < 2) return null;
  return (
    <div className="border-b border-mist bg-paper">
      <nav aria-label="Breadcrumb" className="container-page py-3 text-sm">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {crumbs.map((c, i) => {
            const last = i === crumbs.length - 1;
            return (
              <li key={c.path} className="flex items-center gap-2">
                {i > 0 && (
                  <span aria-hidden="true" className="text-slate-brand">
                    /
                  </span>
                )}
                {last ? (
                  <span aria-current="page" className="font-semibold text-navy-900">
                    {c.label}
                  </span>
                ) : (
                  <Link to={c.path} className="text-slate-brand underline-offset-4 hover:text-navy-900 hover:underline">
                    {c.label}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <JsonLd data={breadcrumbJsonLd(crumbs, siteUrl)} />
    </div>
  );
}

function decodeSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
