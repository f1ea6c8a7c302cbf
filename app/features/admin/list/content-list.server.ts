import { data, type AppLoadContext } from "react-router";
import type { Db } from "~/db/client.server";
import { requireAdmin } from "~/features/auth/require-admin.server";
import type { AdminPage } from "~/features/auth/access";
import type { AppServices } from "~/services.server";
import { adminHeaders } from "~/features/auth/staff-page-headers";
import { parseContentListQuery } from "./content-list";

/**
 * The loader of a content resource's list page (pages, projects, testimonials, FAQs): the signed-in
 * check, then the rows from the same list function the JSON API's GET uses (with its category
 * filter), narrowed to those matching the search, and how many there are in all.
 */
export function contentListLoader<Row, Extra extends object = object>({
  page,
  list,
  matches,
  extra,
}: {
  /** The list page's path: who may open it comes from the access table. */
  page: AdminPage;
  list: (db: Db, category: string | undefined) => Promise<Row[]>;
  /** Whether a row matches the (lower-case, trimmed) search text. */
  matches: (row: Row, query: string) => boolean;
  /** More for the page, from the server's settings. */
  extra?: (services: AppServices) => Extra;
}) {
  return async ({ request, context }: { request: Request; context: AppLoadContext }) => {
    await requireAdmin(request, context, page);
    const query = parseContentListQuery(new URL(request.url).searchParams);
    const all = await list(context.services.database.db, query.category || undefined);
    const needle = query.q.toLowerCase();
    const rows = needle ? all.filter((row) => matches(row, needle)) : all;
    return data(
      { query, rows, total: all.length, ...(extra ? extra(context.services) : ({} as Extra)) },
      { headers: adminHeaders() },
    );
  };
}
