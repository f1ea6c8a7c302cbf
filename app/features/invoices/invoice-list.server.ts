import { and, count, desc, eq, ilike, inArray, lt, or, type SQL } from "drizzle-orm";
import { containing, inIdArray } from "~/db/sql-conditions";
import type { Db } from "~/db/client.server";
import { clients, invoices } from "~/db/schema";
import { INVOICE_STATUSES, type InvoiceStatus } from "~/db/column-types";
import { dublinDay } from "~/features/time/dublin-time";
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
      inArray(invoices.status, ["issued", "part-paid"] satisfies InvoiceStatus[]),
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
  // The matching invoices' ids in list order. Without a union PostgreSQL folds this subquery into
  // the queries below, so it reads as a plain WHERE on the invoices.
  const matches = searchAll
    ? searchMatches(db, like)
    : db
        .select({ id: invoices.id, createdAt: invoices.createdAt })
        .from(invoices)
        .where(conditions.length ? and(...conditions) : undefined)
        .as("matches");
  const page = Math.max(1, query.page ?? 1);
  // The page's ids first, off an index in list order (index-only without a search), then only
  // those rows and their clients: page 200 read and joined all 10,000 wide rows before it to skip
  // them (issue 40 item 5). `offset` keeps the planner from merging the two.
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(desc(matches.createdAt), desc(matches.id))
    .limit(INVOICES_PAGE_SIZE)
    .offset((page - 1) * INVOICES_PAGE_SIZE);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ invoice: invoices, clientName: clients.name, clientCompany: clients.company })
      .from(invoices)
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .where(inArray(invoices.id, pageIds))
      .orderBy(desc(invoices.createdAt), desc(invoices.id)),
    // Every invoice has its client (a foreign key, never null): counted without joining them.
    db.select({ n: count() }).from(matches),
  ]);
  const clientNames: Record<number, string> = {};
  for (const r of rows) clientNames[r.invoice.clientId] = r.clientCompany || r.clientName;
  return { items: rows.map((r) => invoiceView(r.invoice, siteUrl)), total: totalRow?.n ?? 0, clientNames };
}

/** The ids of the clients whose name or company matches: one small scan of the clients. */
const clientsMatching = (db: Db, like: string) =>
  db
    .select({ id: clients.id })
    .from(clients)
    .where(or(ilike(clients.name, like), ilike(clients.company, like)));

/**
 * Every invoice whose number contains the search, or whose client's name or company does, as
 * (id, createdAt) rows: a union of two index reads. The matching clients' ids are worked out once,
 * as an array, so the second half is an index-only scan of invoices_client_idx, not a join.
 */
function searchMatches(db: Db, like: string) {
  const half = (condition: SQL) =>
    db.select({ id: invoices.id, createdAt: invoices.createdAt }).from(invoices).where(condition);
  return half(ilike(invoices.number, like))
    .union(half(inIdArray(invoices.clientId, clientsMatching(db, like))))
    .as("matches");
}
