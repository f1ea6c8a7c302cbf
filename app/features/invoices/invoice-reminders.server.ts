import { Cron } from "croner";
import { and, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { clients, contactSubmissions, emailOutbox, invoiceReminders, invoices, jobs } from "~/db/schema";
import { isReminderHour } from "~/features/quotes/quote-reminders.server";
import { addLeadEvent } from "~/features/leads/change-lead.server";
import { addDays, DAY_MS, dublinDay } from "~/features/time/dublin-time";
import type { AppServices } from "~/services.server";
import { overdueReminderEmail, retentionReminderEmail } from "./billing-emails.server";
import { OWING_STATUSES } from "./invoice-format";
import { balanceOf, invoiceLinkOf } from "./invoice-view";
import { retentionDue, retentionReminderKind, type RetentionDue } from "./retention.server";

// Chasing (issue 38): a client who still owes on an invoice is reminded at each of
// INVOICE_REMINDER_DAYS after its due date, and staff are reminded once on each retention release
// date to raise the retention invoice. Only Monday–Friday 08:00–18:00 Irish time. Every server
// runs the check; a reminder's claim row (invoice_reminders) is inserted in the same transaction
// as its e-mail, so only one server ever sends it. When two reminders fell due while the servers
// were down, only the later one goes (the client gets one e-mail, not a burst).

type Services = Pick<AppServices, "database" | "env" | "siteUrl" | "business" | "notifyEmails" | "settings">;

export type BillingReminderRun = { status: "outside-hours" } | { status: "done"; overdue: number; retention: number };

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

export async function runBillingReminders(services: Services, now = new Date()): Promise<BillingReminderRun> {
  if (!isReminderHour(now)) return { status: "outside-hours" };
  const today = dublinDay(now);
  let overdue = 0;
  const days = services.env.INVOICE_REMINDER_DAYS;
  if (days.length > 0) {
    const db = services.database.db;
    const candidates = await db
      .select({ id: invoices.id, dueOn: invoices.dueOn })
      .from(invoices)
      .where(
        and(
          inArray(invoices.status, OWING_STATUSES),
          ne(invoices.kind, "credit-note"),
          isNotNull(invoices.dueOn),
          sql`${invoices.dueOn} <= ${addDays(today, -days[0]!)}`,
        ),
      );
    for (const candidate of candidates) {
      const late = daysBetween(candidate.dueOn!, today);
      const due = days.filter((d) => late >= d).length;
      if (due > 0 && (await sendOverdueReminder(services, candidate.id, due))) overdue++;
    }
  }
  let retention = 0;
  for (const half of await retentionDue(services.database.db, today, true))
    if (await sendRetentionReminder(services, half)) retention++;
  return { status: "done", overdue, retention };
}

/** The lead an invoice's timeline events go on: its job's, else the client's latest. */
async function leadOf(tx: Services["database"]["db"], jobId: number | null, clientId: number) {
  if (jobId !== null) {
    const [job] = await tx.select({ lead: jobs.submissionId }).from(jobs).where(eq(jobs.id, jobId));
    if (job?.lead) return job.lead;
  }
  const [lead] = await tx
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.clientId, clientId))
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(1);
  return lead?.id ?? null;
}

/** Claims reminder `n` of an invoice and queues it, unless another server did or nothing is owed now. */
async function sendOverdueReminder(services: Services, invoiceId: number, n: number): Promise<boolean> {
  return services.database.db.transaction(async (tx) => {
    // Locked: a payment recorded at this moment waits, and is seen if it came first.
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
    if (!row || (row.status !== "issued" && row.status !== "part-paid") || !row.number || !row.dueOn) return false;
    const balance = balanceOf(row);
    if (balance === 0) return false;
    const [client] = await tx.select().from(clients).where(eq(clients.id, row.clientId));
    const contact = client?.contacts.find((c) => c.email) ?? null;
    const email = row.buyer?.email || contact?.email || "";
    if (!email) return false;
    const claimed = await tx
      .insert(invoiceReminders)
      .values({ kind: "overdue", invoiceId, reminder: n })
      .onConflictDoNothing()
      .returning({ id: invoiceReminders.id });
    if (claimed.length === 0) return false;
    const lead = await leadOf(tx, row.jobId, row.clientId);
    const mail = overdueReminderEmail(
      {
        number: row.number,
        dueOn: row.dueOn,
        balanceCents: balance,
        link: invoiceLinkOf(services.siteUrl, row.token),
        name: contact?.name || row.buyer?.name || client?.name || "",
        email,
        reminder: n,
      },
      services.business,
      services.settings.businessSettings().bank,
    );
    await tx.insert(emailOutbox).values({ submissionId: lead, kind: "invoice-reminder", ...mail });
    if (lead !== null)
      await addLeadEvent(
        tx,
        lead,
        { invoice: [row.number, `overdue reminder ${n} e-mailed to ${email}`] },
        { userId: null, username: null },
      );
    return true;
  });
}

/** Claims the staff reminder for one retention half and queues it, unless another server did or it was invoiced. */
async function sendRetentionReminder(services: Services, half: RetentionDue): Promise<boolean> {
  const staff = services.notifyEmails.join(", ");
  if (!staff) return false;
  return services.database.db.transaction(async (tx) => {
    // Locked: the job's invoices are raised in transactions that read the job first.
    await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, half.jobId)).for("update");
    const [raised] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.jobId, half.jobId),
          eq(invoices.kind, "retention"),
          eq(invoices.release, half.release),
          ne(invoices.status, "credited"),
        ),
      )
      .limit(1);
    if (raised) return false;
    const claimed = await tx
      .insert(invoiceReminders)
      .values({ kind: retentionReminderKind(half.release), jobId: half.jobId, reminder: 1 })
      .onConflictDoNothing()
      .returning({ id: invoiceReminders.id });
    if (claimed.length === 0) return false;
    const mail = retentionReminderEmail(
      {
        jobNumber: half.number,
        title: half.title,
        release: half.release,
        dueOn: half.dueOn,
        amountCents: half.amountCents,
        jobLink: `${services.siteUrl}/admin/jobs/${half.jobId}`,
      },
      staff,
      services.business,
    );
    await tx.insert(emailOutbox).values({ submissionId: half.submissionId, kind: "retention-reminder", ...mail });
    return true;
  });
}

/** Every 15 minutes, as the quote reminders. Returns a stop function. */
export function startBillingReminderSchedule(services: AppServices): () => void {
  const job = new Cron("*/15 * * * *", { timezone: "Europe/Dublin", protect: true, unref: true }, async () => {
    try {
      const result = await runBillingReminders(services);
      if (result.status === "done" && result.overdue + result.retention > 0) {
        services.logger.info(
          { invoiceReminders: result.overdue, retentionReminders: result.retention },
          "billing reminders queued",
        );
        services.outbox.kick();
      }
    } catch (error) {
      services.logger.error({ err: error }, "billing reminders failed");
    }
  });
  return () => job.stop();
}
