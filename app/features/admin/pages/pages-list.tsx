import { data } from "react-router";
import type { Page as PageRow } from "~/db/schema";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { pagePath } from "~/features/pages/page-slugs";
import { adminHeaders, adminMeta } from "../admin-headers";
import type { JsonRow } from "../list/api-client";
import { containsText, ResourceList, type Column } from "../list/resource-list";
import type { Route } from "./+types/pages-list";
import { PageFields } from "./page-form";
import { pagePayload, PageSchema } from "./pages-schema";

export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.services);
  return data(null, { headers: adminHeaders() });
}

export const meta: Route.MetaFunction = adminMeta("Pages");

type Page = JsonRow<PageRow>;

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

export default function PagesList() {
  return (
    <ResourceList
      names={{ one: "page", many: "pages", One: "Page", Many: "Pages" }}
      endpoint="/api/admin/pages"
      intro="Titles, descriptions and search-engine text for the site's pages, and pages of your own, published at their slug."
      columns={columns}
      rowLabel={(p) => p.title}
      searchHint="title or slug"
      matches={(p, q) => containsText(q, p.title, p.slug)}
      schema={PageSchema}
      payload={pagePayload}
      fields={(props) => <PageFields {...props} />}
    />
  );
}
