import type { Page } from "~/db/schema";
import { pagePath } from "~/features/pages/page-slugs";
import { adminHeaders, adminMeta } from "../admin-headers";
import { ListLoadError, type Column } from "../list/admin-list";
import { containsText } from "../list/content-list";
import { contentListLoader } from "../list/content-list.server";
import { ResourceList } from "../list/resource-list";
import type { Route } from "./+types/pages-list";
import { PageFields } from "./page-form";
import { pagePayload, PageSchema } from "./pages-schema";
import { listPages } from "./pages.server";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Pages");

const NAMES = { one: "page", many: "pages", One: "Page", Many: "Pages" };

export const loader = contentListLoader({
  list: (db) => listPages(db),
  matches: (p, q) => containsText(q, p.title, p.slug),
});

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

const columns: Array<Column<Page>> = [
  { header: "Title", cell: (p) => p.title, className: "font-semibold" },
  {
    header: "Slug",
    cell: (p) => (
      <a
        href={pagePath(p.slug)}
        target="_blank"
        rel="noopener"
        className="text-sm underline underline-offset-2 hover:text-navy-700"
      >
        <code>{p.slug}</code>
        <span className="sr-only"> (view the page in a new tab)</span>
      </a>
    ),
  },
  {
    header: "Description",
    wide: true,
    cell: (p) => <span className="line-clamp-2 text-slate-brand">{p.description || "—"}</span>,
  },
];

export default function PagesList({ loaderData }: Route.ComponentProps) {
  return (
    <ResourceList
      names={NAMES}
      endpoint="/api/admin/pages"
      intro="Titles, descriptions and search-engine text for the site's pages, and pages of your own, published at their slug."
      data={loaderData}
      columns={columns}
      rowLabel={(p) => p.title}
      searchHint="title or slug"
      schema={PageSchema}
      payload={pagePayload}
      fields={(props) => <PageFields {...props} />}
    />
  );
}
