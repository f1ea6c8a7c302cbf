import crypto from "node:crypto";
import type { Db } from "~/db/client.server";
import {
  clients,
  contactSubmissions,
  jobChecklistItems,
  jobDays,
  jobDayStaff,
  jobs,
  type JobRow,
  type JobStatus,
} from "~/db/schema";

// A job inserted directly, for the job card's and sign-off's tests (issue 37): a client (with a
// contact e-mail), optionally a lead, a checklist and days with their crew. The real creation (a
// quote accepted, or staff starting a job) lives in features/jobs; these tests need only its rows.

export const TEST_CHECKLIST = ["RAMS briefed", "Safe Pass cards checked", "Area protected", "Grid level checked"];

export type TestJobOptions = {
  status?: JobStatus;
  title?: string;
  clientEmail?: string | null;
  /** Make a lead for the job (its timeline gets the sign-off). */
  withLead?: boolean;
  checklist?: string[];
  /** Each day with the ids of its crew. */
  days?: Array<{ start: Date; end: Date; staffIds: number[]; note?: string }>;
};

export type TestJob = { job: JobRow; checklistIds: number[]; leadId: number | null; clientId: number };

let made = 0;

export async function insertTestJob(db: Db, options: TestJobOptions = {}): Promise<TestJob> {
  made++;
  const email = options.clientEmail === undefined ? `client-${made}@example.ie` : options.clientEmail;
  const [client] = await db
    .insert(clients)
    .values({
      name: `Aoife Test ${made}`,
      company: "Shopfit Test Ltd",
      contacts: email ? [{ name: `Aoife Test ${made}`, email, phone: "", role: "Owner" }] : [],
      matchEmails: email ? [email.toLowerCase()] : [],
    })
    .returning();
  let leadId: number | null = null;
  if (options.withLead) {
    const [lead] = await db
      .insert(contactSubmissions)
      .values({
        name: client!.name,
        email: email ?? "none@example.ie",
        message: "Ceiling for a shop unit.",
        clientId: client!.id,
      })
      .returning();
    leadId = lead!.id;
  }
  const [job] = await db
    .insert(jobs)
    .values({
      number: `J-2026-T${String(made).padStart(3, "0")}-${crypto.randomBytes(3).toString("hex")}`,
      token: crypto.randomBytes(18).toString("base64url"),
      status: options.status ?? "in-progress",
      clientId: client!.id,
      submissionId: leadId,
      title: options.title ?? `Suspended ceiling, unit ${made}`,
      site: { address: ["Unit 4, Swords Business Park", "Swords, Co. Dublin"], eircode: "K67 X2Y3" },
      lines: [
        {
          id: "l1",
          description: "Suspended ceiling, 600 × 600 tiles",
          quantity: 120,
          unit: "m²",
          unitPriceCents: 3500,
          vatRate: 13.5,
          optional: false,
          selected: true,
          goods: false,
        },
      ],
      valueCents: 420_000,
    })
    .returning();
  const labels = options.checklist ?? TEST_CHECKLIST;
  const items = labels.length
    ? await db
        .insert(jobChecklistItems)
        .values(labels.map((label, position) => ({ jobId: job!.id, position, label })))
        .returning({ id: jobChecklistItems.id })
    : [];
  for (const day of options.days ?? []) {
    const [row] = await db
      .insert(jobDays)
      .values({ jobId: job!.id, startsAt: day.start, endsAt: day.end, note: day.note ?? "" })
      .returning();
    if (day.staffIds.length)
      await db
        .insert(jobDayStaff)
        .values(day.staffIds.map((userId) => ({ dayId: row!.id, userId, startsAt: day.start, endsAt: day.end })));
  }
  return { job: job!, checklistIds: items.map((i) => i.id), leadId, clientId: client!.id };
}
