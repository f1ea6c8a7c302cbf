import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { staffNameSql } from "~/features/auth/staff-name.server";
import {
  bookings,
  clients,
  contactSubmissions,
  jobChecklistItems,
  jobs,
  users,
  type JobRow,
  type JobSite,
  type QuoteRow,
} from "~/db/schema";
import { attachLeadToClient, fillClientGaps } from "~/features/clients/client-for-lead.server";
import { nextDocumentNumber } from "~/features/numbering/document-numbers.server";
import { newSecretToken } from "~/features/security/secret-token.server";
import { dublinDay } from "~/features/time/dublin-time";
import { formatEircode } from "~/features/booking/booking-schema";
import type { QuoteLine } from "~/features/quotes/quote-types";
import { lineCounts, lineNetCents } from "~/features/quotes/quote-totals";
import { checklistFor, JOB_SERVICE_LABELS, serviceOfLead, type JobService } from "./job-checklists";
import { loadJobCard } from "./card/job-card.server";
import { daysOfJob, type JobDayView } from "./job-day-rows.server";
import type { NewJobInput } from "./job-schema";

// Jobs (issue 37): made when a client accepts a quote (in the acceptance's transaction) or by
// staff for work without one; numbered J-<year>-<nnnn> per Irish calendar year from one counter
// row locked in the creating transaction, so concurrent acceptances on any server never share one.

type Queryable = Db;

export const clientLinkOf = (siteUrl: string, token: string) => `${siteUrl}/j/${token}`;

export type JobView = {
  id: number;
  number: string;
  status: JobRow["status"];
  clientId: number;
  leadId: number | null;
  quoteId: number | null;
  site: JobSite;
  lines: QuoteLine[];
  valueCents: number;
  days: JobDayView[];
  checklist: Array<{
    id: number;
    label: string;
    done: boolean;
    doneBy: { id: number; name: string } | null;
    doneAt: Date | null;
  }>;
  photos: Array<{ id: number; url: string; stage: string; width: number; height: number }>;
  snags: Array<{
    id: number;
    text: string;
    photoId: number | null;
    closedAt: Date | null;
    closedBy: { id: number; name: string } | null;
  }>;
  documents: Array<{ id: number; name: string; byteSize: number; url: string }>;
  signOff: { name: string; at: Date } | null;
  clientLink: string;
};

/**
 * The job as GET/PUT /api/admin/jobs/:id answer it: the programme's days, and the card's checklist,
 * photos, snags, documents and sign-off in the shapes the job card reads them (one reader of each).
 */
export async function jobView(db: Db, siteUrl: string, row: JobRow): Promise<JobView> {
  const [days, card] = await Promise.all([daysOfJob(db, row.id), loadJobCard(db, row, siteUrl)]);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    clientId: row.clientId,
    leadId: row.submissionId,
    quoteId: row.quoteId,
    site: row.site,
    lines: row.lines,
    valueCents: row.valueCents,
    days,
    checklist: card.checklist,
    photos: card.photos.map(({ id, url, stage, width, height }) => ({ id, url, stage, width, height })),
    snags: card.snags.map(({ id, text, photoId, closedAt, closedBy }) => ({ id, text, photoId, closedAt, closedBy })),
    documents: card.documents.map(({ id, name, byteSize, url }) => ({ id, name, byteSize, url })),
    signOff: card.signOff ? { name: card.signOff.name, at: card.signOff.at } : null,
    clientLink: card.clientLink,
  };
}

export async function getJob(db: Queryable, siteUrl: string, id: number): Promise<JobView | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ? jobView(db, siteUrl, row) : null;
}

/** Stores a job with its number and checklist, in the caller's transaction. */
async function insertJob(
  tx: Db,
  values: Omit<typeof jobs.$inferInsert, "number" | "token">,
  service: JobService | null,
  now: Date,
): Promise<JobRow> {
  const number = await nextDocumentNumber(tx, "J", Number(dublinDay(now).slice(0, 4)));
  const [row] = await tx
    .insert(jobs)
    .values({ ...values, number, token: newSecretToken(), service, createdAt: now, updatedAt: now })
    .returning();
  const labels = checklistFor(service);
  await tx.insert(jobChecklistItems).values(labels.map((label, position) => ({ jobId: row!.id, position, label })));
  return row!;
}

const EIRCODE_IN_TEXT = /\b((?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4})\b/i;

/** "Unit 4, Naas Road\nDublin 12 D12 AB34" → lines and the Eircode found in them. */
export function siteFromText(text: string, eircode?: string | null): JobSite {
  const found = EIRCODE_IN_TEXT.exec(text)?.[1];
  const code = eircode?.trim() || found || "";
  const rest = found ? text.replace(found, "") : text;
  return {
    address: rest
      .split(/\n|,/)
      .map((l) => l.trim())
      .filter(Boolean)
      .slice(0, 6),
    eircode: code && formatEircode(code),
  };
}

/** Where the work is: the quote's client address, else the lead's survey address, else the client's billing address. */
async function siteForQuote(tx: Db, quote: QuoteRow, clientId: number): Promise<JobSite> {
  if (quote.client.address.trim()) return siteFromText(quote.client.address);
  const [survey] = await tx
    .select({ address: bookings.address, eircode: bookings.eircode, location: bookings.location })
    .from(bookings)
    .where(eq(bookings.submissionId, quote.submissionId))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  if (survey) return siteFromText(survey.address ?? survey.location, survey.eircode);
  const [client] = await tx
    .select({ address: clients.address, eircode: clients.eircode })
    .from(clients)
    .where(eq(clients.id, clientId));
  return { address: client?.address ?? [], eircode: client?.eircode ?? "" };
}

/**
 * The job for an accepted quote, in the acceptance's transaction: status "to-schedule", the lead's
 * client (attached now if the lead had none; the quote's company and address fill its empty ones), the site, the lines as accepted (the options the
 * client ticked; unticked ones left out), the accepted net value, payment schedule and VAT mode. One job per quote: jobs.quote_id
 * is unique, and the quote row is locked by the acceptance, so a second acceptance cannot make two.
 */
export async function createJobFromQuote(
  tx: Db,
  quote: QuoteRow,
  acceptance: { netCents: number },
  now = new Date(),
): Promise<JobRow> {
  const [lead] = await tx
    .select({
      id: contactSubmissions.id,
      name: contactSubmissions.name,
      email: contactSubmissions.email,
      phone: contactSubmissions.phone,
      clientId: contactSubmissions.clientId,
      service: contactSubmissions.service,
    })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, quote.submissionId));
  const clientId = await attachLeadToClient(tx, lead!);
  if (quote.client.address.trim() || quote.client.company.trim())
    await fillClientGaps(tx, clientId, {
      company: quote.client.company,
      ...(quote.client.address.trim() ? siteFromText(quote.client.address) : { address: [], eircode: "" }),
    });
  const service = serviceOfLead(lead!.service);
  const who = quote.client.company || quote.client.name;
  return insertJob(
    tx,
    {
      status: "to-schedule",
      clientId,
      submissionId: quote.submissionId,
      quoteId: quote.id,
      title: `${service ? JOB_SERVICE_LABELS[service] : "Works"} for ${who} (${quote.number})`,
      site: await siteForQuote(tx, quote, clientId),
      lines: quote.lines.filter(lineCounts),
      valueCents: acceptance.netCents,
      // What the invoices follow (issue 38): the schedule and VAT mode the client accepted.
      payments: quote.payments,
      vatMode: quote.vatMode,
    },
    service,
    now,
  );
}

export type CreateJobResult = { status: "ok"; job: JobRow } | { status: "no-client" };

/** POST /api/admin/jobs: a job staff start without a quote (the value is the lines' net total). */
export async function createJob(
  db: Db,
  input: NewJobInput,
  userId: number | null,
  now = new Date(),
): Promise<CreateJobResult> {
  return db.transaction(async (tx): Promise<CreateJobResult> => {
    const [client] = await tx
      .select({ id: clients.id, reverseCharge: clients.reverseCharge })
      .from(clients)
      .where(eq(clients.id, input.clientId));
    if (!client) return { status: "no-client" };
    const lines = input.lines.map((l, i) => ({
      ...l,
      id: l.id ?? `line-${i + 1}`,
      selected: l.optional ? l.selected : true,
    }));
    const valueCents = lines.filter(lineCounts).reduce((sum, l) => sum + lineNetCents(l), 0);
    const job = await insertJob(
      tx,
      {
        status: "to-schedule",
        clientId: client.id,
        title: input.title,
        site: input.site,
        lines,
        valueCents,
        // No quote, so no schedule: only custom invoices. The VAT mode is the client's (issue 38).
        payments: null,
        vatMode: client.reverseCharge ? "reverse-charge" : "standard",
        createdBy: userId,
      },
      input.service ?? null,
      now,
    );
    return { status: "ok", job };
  });
}

/** The job made from a quote, if any (the quote's admin page links to it). */
export async function jobOfQuote(db: Queryable, quoteId: number): Promise<{ id: number; number: string } | null> {
  const [row] = await db.select({ id: jobs.id, number: jobs.number }).from(jobs).where(eq(jobs.quoteId, quoteId));
  return row ?? null;
}

/** Users who exist, by id (the crew of a day must). */
export async function existingStaff(db: Queryable, ids: number[]): Promise<Array<{ id: number; name: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: staffNameSql })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id));
}
