import type { AdminPage as Page } from "./page-types";
import { pagePath } from "~/features/pages/page-slugs";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { ListLoadError, type Column } from "../list/admin-list";
import { containsText } from "../list/content-list";
import { contentListLoader } from "../list/content-list.server";
import { ResourceList } from "../list/resource-list";
import type { Route } from "./+types/pages-list";
import { PageFields } from "./page-form";
import { pagePayload, PageSchema } from "~/features/pages/pages-schema";
import { listPages } from "./pages.server";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Pages");

const NAMES = { one: "page", many: "pages", One: "Page", Many: "Pages" };

export const loader = contentListLoader({
  page: "/admin/pages",
  list: (db) => listPages(db),
  matches: (p, q) => containsText(q, p.title, p.slug),
});

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

const columns: Array<Column<Page>> = [
  {
    header: "Title",
    // The spec's four columns: a page with unpublished changes says so under its title.
    cell: (p) => (
      <>
        {p.title}
        {p.hasUnpublishedChanges && (
          <span className="block text-sm font-normal text-amber-deep">Draft not published</span>
        )}
      </>
    ),
    className: "font-semibold",
  },
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
      intro="The text of every page on the site, and pages of your own, published at their slug. Changes are saved as drafts until you publish them."
      data={loaderData}
      columns={columns}
      rowLabel={(p) => p.title}
      searchHint="title or slug"
      schema={PageSchema}
      payload={pagePayload}
      fields={(props) => <PageFields {...props} />}
      editHref={(p) => `/admin/pages/${p.id}`}
      canDelete={(p) => !p.builtIn}
    />
  );
}
