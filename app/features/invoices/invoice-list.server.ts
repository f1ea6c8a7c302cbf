import { and, desc, eq, ilike, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { containing, inIdArray } from "~/db/sql-conditions";
import { queryRows, type Db } from "~/db/client.server";
import { clients, invoices } from "~/db/schema";
import { INVOICE_STATUSES } from "~/db/column-types";
import { dublinDay } from "~/features/time/dublin-time";
import { OWING_STATUSES } from "./invoice-format";
import { invoiceView, type InvoiceView } from "./invoice-view";

// The Invoices list (GET /api/admin/invoices and /admin/invoices): invoices and credit notes, newest
// first, 50 a page like the jobs list; "overdue" is an issued or part-paid invoice past its due date.

export const INVOICES_PAGE_SIZE = 50;

export const INVOICE_LIST_STATUSES = [...INVOICE_STATUSES, "overdue"] as const;
export type InvoiceListStatus = (typeof INVOICE_LIST_STATUSES)[number];

export type InvoiceListQuery = {
  status?: InvoiceListStatus;
  clientId?: number;
  jobId?: number;
  /** A document number, or part of the client's name or company. */
  q?: string;
  page?: number;
};

export async function listInvoices(
  db: Db,
  siteUrl: string,
  query: InvoiceListQuery,
  now = new Date(),
): Promise<{ items: InvoiceView[]; total: number; clientNames: Record<number, string> }> {
  const conditions: SQL[] = [];
  if (query.status === "overdue")
    conditions.push(
      inArray(invoices.status, OWING_STATUSES),
      ne(invoices.kind, "credit-note"),
      lt(invoices.dueOn, dublinDay(now)),
    );
  else if (query.status) conditions.push(eq(invoices.status, query.status));
  if (query.clientId !== undefined) conditions.push(eq(invoices.clientId, query.clientId));
  if (query.jobId !== undefined) conditions.push(eq(invoices.jobId, query.jobId));
  const q = query.q?.trim();
  const like = q ? containing(q) : undefined;
  // A search within a tab, a client or a job: one OR, tested on the rows those leave. A search of
  // every invoice: the union of its two halves (searchMatches). As one OR, a broad name such as
  // 'walsh' (a fifth of the clients) read every matching row from the table to sort and count
  // them, 36 ms each; as a union within the Overdue tab, each overdue invoice was looked for in
  // the matching clients' ids one by one, 34 ms against 15 (issue 40 item 5).
  const searchAll = like !== undefined && conditions.length === 0;
  if (like && !searchAll)
    conditions.push(or(ilike(invoices.number, like), inIdArray(invoices.clientId, clientsMatching(db, like)))!);
  // The matching invoices as (id, createdAt) rows. A search of every invoice is a union
  // (searchMatches), kept apart as the statement's CTE; anything else reads as a plain WHERE on
  // the invoices, folded into the count and the page's ids below.
  const matches = searchAll
    ? searchMatches(db, like)
    : db
        .select({ id: invoices.id, createdAt: invoices.createdAt })
        .from(invoices)
        .where(conditions.length ? and(...conditions) : undefined);
  const page = Math.max(1, query.page ?? 1);
  // One statement counts the matches and picks the page's ids off an index in list order
  // (index-only without a search), so a search's union is worked out once: as two statements side
  // by side, 'walsh' (11,670 invoices) ran it twice, about 20 ms of the database's time each (issue
  // 40 item 5). Then only the page's rows and their clients are read: page 200 read and joined
  // all 10,000 wide rows before it to skip them.
  const [found] = await queryRows<{ total: number; ids: number[] }>(
    db,
    sql`with matches as ${searchAll ? sql`materialized` : sql`not materialized`} (${matches})
        select (select count(*) from matches)::int as total,
          array(select id from matches order by created_at desc, id desc
            limit ${INVOICES_PAGE_SIZE} offset ${(page - 1) * INVOICES_PAGE_SIZE}) as ids`,
  );
  const ids = found?.ids ?? [];
  // Every invoice has its client (a foreign key, never null).
  const rows = ids.length
    ? await db
        .select({ invoice: invoices, clientName: clients.name, clientCompany: clients.company })
        .from(invoices)
        .innerJoin(clients, eq(clients.id, invoices.clientId))
        .where(inArray(invoices.id, ids))
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
    : [];
  const clientNames: Record<number, string> = {};
  for (const r of rows) clientNames[r.invoice.clientId] = r.clientCompany || r.clientName;
  return { items: rows.map((r) => invoiceView(r.invoice, siteUrl)), total: found?.total ?? 0, clientNames };
}

/** The ids of the clients whose name or company matches: one small scan of the clients. */
const clientsMatching = (db: Db, like: string) =>
  db
    .select({ id: clients.id })
    .from(clients)
    .where(or(ilike(clients.name, like), ilike(clients.company, like)));

/**
 * Every invoice whose number contains the search, or whose client's name or company does, as
 * (id, created_at) rows: two index reads, put together with `union all`. The matching clients' ids
 * are worked out once, as an array, so the second half is an index-only scan of
 * invoices_client_idx, not a join; it leaves out the invoices the first half found (usually none),
 * tested on the index's ids, so no row comes twice and the 11,670 rows of a broad name need no
 * sort to remove repeats (a `union`'s sort: 7 of its 30 ms).
 */
function searchMatches(db: Db, like: string): SQL {
  const half = (condition: SQL) =>
    db.select({ id: invoices.id, createdAt: invoices.createdAt }).from(invoices).where(condition);
  const byClient = and(
    inIdArray(invoices.clientId, clientsMatching(db, like)),
    sql`${invoices.id} <> all(array(select id from by_number))`,
  )!;
  return sql`with by_number as materialized (${half(ilike(invoices.number, like))})
    select id, created_at from by_number union all ${half(byClient)}`;
}
