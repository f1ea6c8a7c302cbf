import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { containing } from "~/db/sql-conditions";
import { queryRows, type Db } from "~/db/client.server";
import {
  bookings,
  clients,
  contactSubmissions,
  jobs,
  quotes,
  type ClientContact,
  type ClientRow,
  type JobStatus,
} from "~/db/schema";
import type { QuoteStatus } from "~/db/column-types";
import type { WriteResult } from "~/forms/write-result";
import { dublinDay } from "~/features/time/dublin-time";
import { validateClient, type ClientInput } from "./client-schema";
import { clientMatchKeys } from "./client-keys";

// Clients for the admin and its API (issue 37): list and search, create, read with everything that
// belongs to the client, update, and merge a duplicate into another. The match keys
// (clients.match_emails, match_phones) are written only through clientMatchKeys.

/** A client as the API answers it (the match keys are the database's business). */
export type Client = Omit<ClientRow, "matchEmails" | "matchPhones" | "searchText">;

export type ClientListItem = Client & { leadCount: number };

/** A lead as a client's page and a lead's "Also from this client" list show it. */
const leadSummaryColumns = {
  id: contactSubmissions.id,
  name: contactSubmissions.name,
  email: contactSubmissions.email,
  phone: contactSubmissions.phone,
  service: contactSubmissions.service,
  source: contactSubmissions.source,
  status: contactSubmissions.status,
  createdAt: contactSubmissions.createdAt,
};

const clientColumns = {
  id: clients.id,
  name: clients.name,
  company: clients.company,
  contacts: clients.contacts,
  address: clients.address,
  eircode: clients.eircode,
  country: clients.country,
  vatNumber: clients.vatNumber,
  reverseCharge: clients.reverseCharge,
  notes: clients.notes,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
};

export type ClientListQuery = { q: string; page: number; pageSize: number };

export const CLIENT_PAGE_SIZE = 25;

/** ?q=, ?page=, ?pageSize= (at most 100) from a query string; anything unusable is the default. */
export function parseClientQuery(params: URLSearchParams): ClientListQuery {
  const whole = (value: string | null, fallback: number, max: number) => {
    const n = Number(value);
    return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
  };
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    page: whole(params.get("page"), 1, 100_000),
    pageSize: whole(params.get("pageSize"), CLIENT_PAGE_SIZE, 100),
  };
}

/**
 * The search: a substring of the name, company or a contact's e-mail, or a phone number however it
 * is spaced ("555 0147" finds 015550147, as phones are matched by their digits). Both use the
 * trigram index on clients.search_text.
 */
function searchOf(q: string): SQL | undefined {
  if (!q) return undefined;
  const text = clients.searchText;
  const digits = q.replace(/\D/g, "");
  const phoneLike = /^[+\d\s().-]+$/.test(q) && digits.length >= 3;
  return phoneLike && digits !== q
    ? or(ilike(text, containing(q)), ilike(text, containing(digits)))
    : ilike(text, containing(q));
}

/** GET /api/admin/clients: one page of clients, newest first, and how many match. */
export async function listClients(db: Db, query: ClientListQuery): Promise<{ items: ClientListItem[]; total: number }> {
  const where = searchOf(query.q);
  const leadCount = db
    .select({ n: count() })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.clientId, clients.id));
  const [items, [total]] = await Promise.all([
    db
      .select({ ...clientColumns, leadCount: sql<number>`(${leadCount})::int` })
      .from(clients)
      .where(where)
      .orderBy(desc(clients.createdAt), desc(clients.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(clients).where(where),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

export type ClientWrite = WriteResult<Client>;

const stored = (input: ClientInput) => ({ ...input, ...clientMatchKeys(input.contacts) });

/** POST /api/admin/clients. */
export async function createClient(db: Db, raw: unknown): Promise<ClientWrite> {
  const valid = validateClient(raw);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  const [row] = await db.insert(clients).values(stored(valid.data)).returning(clientColumns);
  return { status: "ok", row: row! };
}

/** PUT /api/admin/clients/:id: the whole client (contacts edited as a whole). */
export async function updateClient(db: Db, id: number, raw: unknown): Promise<ClientWrite> {
  const valid = validateClient(raw);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  const [row] = await db
    .update(clients)
    .set({ ...stored(valid.data), updatedAt: new Date() })
    .where(eq(clients.id, id))
    .returning(clientColumns);
  return row ? { status: "ok", row } : { status: "not-found" };
}

export async function getClient(db: Db, id: number): Promise<Client | null> {
  const [row] = await db.select(clientColumns).from(clients).where(eq(clients.id, id));
  return row ?? null;
}

export type ClientLead = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  service: string | null;
  source: string;
  status: string;
  createdAt: Date;
};

export type ClientBooking = {
  id: number;
  leadId: number;
  startAt: Date;
  endAt: Date;
  status: string;
  location: string;
  createdAt: Date;
};

export type ClientQuote = {
  id: number;
  leadId: number;
  number: string;
  status: QuoteStatus;
  expired: boolean;
  netCents: number;
  grossCents: number;
  createdAt: Date;
};

export type ClientJob = {
  id: number;
  number: string;
  status: JobStatus;
  title: string;
  valueCents: number;
  createdAt: Date;
};

export type ClientDetail = Client & {
  leads: ClientLead[];
  bookings: ClientBooking[];
  quotes: ClientQuote[];
  jobs: ClientJob[];
};

/** The most of each kind a client's page lists (a client with more is a data problem to look at). */
const DETAIL_LIMIT = 500;

/** GET /api/admin/clients/:id: the client with its leads, bookings, quotes and jobs, each newest first. */
export async function getClientDetail(db: Db, id: number, now = new Date()): Promise<ClientDetail | null> {
  const client = await getClient(db, id);
  if (!client) return null;
  const ofClient = eq(contactSubmissions.clientId, id);
  const leadIds = db.select({ id: contactSubmissions.id }).from(contactSubmissions).where(ofClient);
  const [leads, bookingRows, quoteRows, jobRows] = await Promise.all([
    db
      .select(leadSummaryColumns)
      .from(contactSubmissions)
      .where(ofClient)
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(DETAIL_LIMIT),
    db
      .select({
        id: bookings.id,
        leadId: bookings.submissionId,
        startAt: bookings.startAt,
        endAt: bookings.endAt,
        status: bookings.status,
        location: bookings.location,
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .where(inArray(bookings.submissionId, leadIds))
      .orderBy(desc(bookings.startAt), desc(bookings.id))
      .limit(DETAIL_LIMIT),
    db
      .select({
        id: quotes.id,
        leadId: quotes.submissionId,
        number: quotes.number,
        status: quotes.status,
        validUntil: quotes.validUntil,
        netCents: quotes.netCents,
        grossCents: quotes.grossCents,
        createdAt: quotes.createdAt,
      })
      .from(quotes)
      .where(inArray(quotes.submissionId, leadIds))
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(DETAIL_LIMIT),
    db
      .select({
        id: jobs.id,
        number: jobs.number,
        status: jobs.status,
        title: jobs.title,
        valueCents: jobs.valueCents,
        createdAt: jobs.createdAt,
      })
      .from(jobs)
      .where(eq(jobs.clientId, id))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(DETAIL_LIMIT),
  ]);
  const today = dublinDay(now);
  const quoteList = quoteRows.map(({ validUntil, ...q }) => ({
    ...q,
    // As the Quotes list shows it: unanswered past its last day.
    expired: ["draft", "sent", "viewed"].includes(q.status) && validUntil < today,
  }));
  return { ...client, leads, bookings: bookingRows, quotes: quoteList, jobs: jobRows };
}

/** The other client's contacts added to the kept one's: one with a known e-mail or phone fills the blanks of that contact. */
export function unionContacts(kept: ClientContact[], other: ClientContact[]): ClientContact[] {
  const out = kept.map((c) => ({ ...c }));
  for (const contact of other) {
    const keys = clientMatchKeys([contact]);
    const same = out.find((c) => {
      const mine = clientMatchKeys([c]);
      return (
        keys.matchEmails.some((e) => mine.matchEmails.includes(e)) ||
        keys.matchPhones.some((p) => mine.matchPhones.includes(p))
      );
    });
    if (!same) out.push({ ...contact });
    else
      for (const field of ["name", "email", "phone", "role"] as const) if (!same[field]) same[field] = contact[field];
  }
  return out;
}

export type MergeResult =
  | { status: "ok"; client: Client; moved: Record<string, number> }
  | { status: "not-found"; which: "id" | "fromId" }
  | { status: "invalid"; fieldErrors: Record<string, string> };

export const MERGE_MESSAGES = {
  fromId: "Choose the client to merge into this one",
  self: "A client cannot be merged into itself: choose another client",
} as const;

/** Every column of another table that points at clients (leads, jobs, and any later table such as invoices). */
async function clientReferences(tx: Db): Promise<Array<{ schema: string; table: string; column: string }>> {
  return queryRows<{ schema: string; table: string; column: string }>(
    tx,
    sql`
    select n.nspname as "schema", t.relname as "table", a.attname as "column"
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.confrelid = 'clients'::regclass
    order by t.relname, a.attname`,
  );
}

/**
 * POST /api/admin/clients/:id/merge { fromId }: everything of client `fromId` (its leads, and with
 * them their bookings and quotes; its jobs; whatever else points at a client) moves to client `id`,
 * the contacts are united (one per e-mail or phone), blank details are filled from the other, and
 * the other client is removed: all in one transaction, with `audit` (the audit row) inside it.
 */
export async function mergeClients(
  db: Db,
  id: number,
  rawFromId: unknown,
  audit: (tx: Db, kept: Client, removed: Client, moved: Record<string, number>) => Promise<void>,
): Promise<MergeResult> {
  const fromId = typeof rawFromId === "string" && /^\d+$/.test(rawFromId) ? Number(rawFromId) : rawFromId;
  if (typeof fromId !== "number" || !Number.isInteger(fromId) || fromId < 1 || fromId > 2_147_483_647)
    return { status: "invalid", fieldErrors: { fromId: MERGE_MESSAGES.fromId } };
  if (fromId === id) return { status: "invalid", fieldErrors: { fromId: MERGE_MESSAGES.self } };
  return db.transaction(async (tx) => {
    // Both rows locked, lower id first (two merges of one pair at once cannot deadlock).
    const locked = await tx
      .select()
      .from(clients)
      .where(inArray(clients.id, [id, fromId]))
      .orderBy(clients.id)
      .for("update");
    const kept = locked.find((c) => c.id === id);
    const other = locked.find((c) => c.id === fromId);
    if (!kept) return { status: "not-found", which: "id" } as const;
    if (!other) return { status: "not-found", which: "fromId" } as const;

    const moved: Record<string, number> = {};
    for (const ref of await clientReferences(tx)) {
      const column = sql.identifier(ref.column);
      const [counted] = await queryRows<{ n: number }>(
        tx,
        sql`with moved as (update ${sql.identifier(ref.schema)}.${sql.identifier(ref.table)} set ${column} = ${id} where ${column} = ${fromId} returning 1)
          select count(*)::int as n from moved`,
      );
      const n = counted?.n ?? 0;
      if (n > 0) moved[ref.table === "contact_submissions" ? "leads" : ref.table] = n;
    }

    const contacts = unionContacts(kept.contacts, other.contacts);
    const blank = <K extends "company" | "eircode" | "vatNumber">(field: K) => kept[field] || other[field];
    const [row] = await tx
      .update(clients)
      .set({
        contacts,
        ...clientMatchKeys(contacts),
        company: blank("company"),
        address: kept.address.length > 0 ? kept.address : other.address,
        eircode: blank("eircode"),
        vatNumber: blank("vatNumber"),
        notes: [kept.notes, other.notes].filter(Boolean).join("\n\n"),
        updatedAt: new Date(),
      })
      .where(eq(clients.id, id))
      .returning(clientColumns);
    await tx.delete(clients).where(eq(clients.id, fromId));
    const { matchEmails: _e, matchPhones: _p, ...removed } = other;
    await audit(tx, row!, removed, moved);
    return { status: "ok", client: row!, moved } as const;
  });
}

/**
 * A lead's client, the client's other leads (newest first, up to 50) and how many of them came from
 * each source (all of them), for the lead's page.
 */
export async function clientOfLead(
  db: Db,
  lead: { id: number; clientId: number | null },
): Promise<{
  client: Pick<Client, "id" | "name" | "company">;
  otherLeads: ClientLead[];
  otherCounts: Array<{ source: string; count: number }>;
} | null> {
  if (lead.clientId === null) return null;
  const [client] = await db
    .select({ id: clients.id, name: clients.name, company: clients.company })
    .from(clients)
    .where(eq(clients.id, lead.clientId));
  if (!client) return null;
  const others = and(eq(contactSubmissions.clientId, client.id), sql`${contactSubmissions.id} <> ${lead.id}`);
  const [otherLeads, otherCounts] = await Promise.all([
    db
      .select(leadSummaryColumns)
      .from(contactSubmissions)
      .where(others)
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(50),
    db
      .select({ source: contactSubmissions.source, count: count() })
      .from(contactSubmissions)
      .where(others)
      .groupBy(contactSubmissions.source)
      .orderBy(contactSubmissions.source),
  ]);
  return { client, otherLeads, otherCounts };
}
