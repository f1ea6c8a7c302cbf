import { eq, sql } from "drizzle-orm";
import type { Business } from "~/config";
import type { Db } from "~/db/client.server";
import { clients, contactSubmissions, emailOutbox, jobProgrammeSends, jobs, type JobRow } from "~/db/schema";
import { calendarInvitation } from "~/features/booking/ics.server";
import type { SurveyEvent } from "~/features/booking/ics.server";
import { addLeadEvent, type TimelineActor } from "~/features/leads/change-lead.server";
import { surveyWhen } from "~/features/time/dublin-time";
import { jobDayWhen } from "./card/job-dates";
import { daysOfJob, type JobDayView } from "./job-day-rows.server";
import { clientLinkOf } from "./jobs.server";

// The programme e-mailed to the client (POST /api/admin/jobs/:id/programme): every day in Irish
// time, the crew by name, what to get ready, and the days as a calendar invitation, through
// the outbox in the same transaction. Once it has gone out (job_programme_sends), each day added or
// removed e-mails the change, with an invitation (REQUEST) or a cancellation (CANCEL) for that day.

export type ProgrammeContext = { siteUrl: string; business: Business };

/** The day's crew as the client reads them: each by staffName (full name, else username). */
const crewNames = (day: JobDayView) => day.staff.map((s) => s.name).join(", ") || "to be confirmed";

export function dayLine(day: JobDayView): string {
  return `- ${jobDayWhen(day.start, day.end)}: crew ${crewNames(day)}${day.note ? `. ${day.note}` : ""}`;
}

const PREPARE = [
  "Before we start, please:",
  "- Clear the area: move furniture, stock and equipment out of the work area (tell us about anything that must stay and we will protect it).",
  "- Arrange access for each day above: keys or a contact on site, alarm codes, parking or a loading bay, and any permit your building management needs.",
  "- Have power available: a working socket near the work area for our tools and lighting.",
];

/** Who gets the programme: the client's first contact with an e-mail address, else the lead's. */
async function recipient(tx: Db, job: JobRow): Promise<{ name: string; email: string } | null> {
  const [client] = await tx.select().from(clients).where(eq(clients.id, job.clientId));
  const contact = client?.contacts.find((c) => c.email.trim());
  if (contact) return { name: contact.name || client!.name, email: contact.email.trim() };
  if (job.submissionId === null) return null;
  const [lead] = await tx
    .select({ name: contactSubmissions.name, email: contactSubmissions.email })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, job.submissionId));
  return lead?.email ? lead : null;
}

function dayEvent(
  job: JobRow,
  day: JobDayView,
  sequence: number,
  to: { name: string; email: string },
  ctx: ProgrammeContext,
): SurveyEvent {
  const where = [...job.site.address, job.site.eircode].filter(Boolean).join(", ");
  return {
    uid: `job-day-${day.id}@${new URL(ctx.siteUrl).hostname}`,
    sequence,
    start: day.start,
    end: day.end,
    summary: `${ctx.business.name}: ${job.title || `job ${job.number}`}`,
    description: [
      `Job ${job.number}, ${ctx.business.name}.`,
      `Crew: ${crewNames(day)}`,
      day.note,
      `Questions: ${ctx.business.phone}`,
    ]
      .filter(Boolean)
      .join("\n"),
    location: where,
    cancelled: false,
    organizer: { name: ctx.business.name, email: ctx.business.email },
    attendees: [to],
    url: clientLinkOf(ctx.siteUrl, job.token),
  };
}

function body(
  job: JobRow,
  to: { name: string },
  opening: string[],
  days: JobDayView[],
  ctx: ProgrammeContext,
  method: "REQUEST" | "CANCEL" = "REQUEST",
) {
  const where = [...job.site.address, job.site.eircode].filter(Boolean).join(", ");
  return [
    `Hello ${to.name},`,
    "",
    ...opening,
    "",
    `Job ${job.number}${job.title ? `: ${job.title}` : ""}`,
    where ? `Site: ${where}` : "",
    "",
    days.length ? "The programme (Irish time):" : "There are no days on the programme now.",
    ...days.map(dayLine),
    "",
    // What to prepare is for the days to come; with none left it would ask for access to nothing.
    ...(days.length ? [...PREPARE, ""] : []),
    method === "CANCEL"
      ? "The calendar cancellation is attached: open it to take the day out of your calendar."
      : "The calendar invitation is attached: accept it to add the days to your calendar.",
    `Your job page: ${clientLinkOf(ctx.siteUrl, job.token)}`,
    "",
    `Questions? Call ${ctx.business.phone} or reply to this e-mail.`,
    "",
    ctx.business.name,
  ]
    .filter((line, i, all) => line !== "" || all[i - 1] !== "")
    .join("\n");
}

/** Raises the job's iCalendar sequence; null when the programme was never sent (nothing to tell). */
async function nextSequence(tx: Db, jobId: number, now: Date, first: boolean): Promise<number | null> {
  if (first) {
    const [row] = await tx
      .insert(jobProgrammeSends)
      .values({ jobId, firstSentAt: now, lastSentAt: now, sequence: 0 })
      .onConflictDoUpdate({
        target: jobProgrammeSends.jobId,
        set: { lastSentAt: now, sequence: sql`${jobProgrammeSends.sequence} + 1` },
      })
      .returning({ sequence: jobProgrammeSends.sequence });
    return row!.sequence;
  }
  const [row] = await tx
    .update(jobProgrammeSends)
    .set({ lastSentAt: now, sequence: sql`${jobProgrammeSends.sequence} + 1` })
    .where(eq(jobProgrammeSends.jobId, jobId))
    .returning({ sequence: jobProgrammeSends.sequence });
  return row?.sequence ?? null;
}

export type ProgrammeResult =
  { status: "ok"; sentTo: string; days: number } | { status: "not-found" } | { status: "conflict"; message: string };

/** POST /api/admin/jobs/:id/programme: the whole programme to the client, queued in one transaction. */
export async function emailProgramme(
  db: Db,
  ctx: ProgrammeContext,
  jobId: number,
  actor: TimelineActor,
  now = new Date(),
): Promise<ProgrammeResult> {
  return db.transaction(async (tx): Promise<ProgrammeResult> => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
    if (!job) return { status: "not-found" };
    const days = await daysOfJob(tx, jobId);
    if (days.length === 0)
      return { status: "conflict", message: `Job ${job.number} has no days on its programme yet: add one first.` };
    const to = await recipient(tx, job);
    if (!to)
      return {
        status: "conflict",
        message: `The client of job ${job.number} has no e-mail address: add one to the client's contacts first.`,
      };
    const sequence = (await nextSequence(tx, jobId, now, true))!;
    await tx.insert(emailOutbox).values({
      submissionId: job.submissionId,
      kind: "job-programme",
      toAddress: to.email,
      replyTo: ctx.business.email,
      subject: `Your programme for job ${job.number}: ${days.length === 1 ? "1 day" : `${days.length} days`} from ${surveyWhen(days[0]!.start, days[0]!.end).split(",")[0]}`,
      bodyText: body(job, to, [`Here is the programme for your job with ${ctx.business.name}.`], days, ctx),
      icalEvent: {
        method: "REQUEST",
        content: calendarInvitation(
          "REQUEST",
          days.map((d) => dayEvent(job, d, sequence, to, ctx)),
          ctx.business.name,
        ),
      },
    });
    if (job.submissionId !== null)
      await addLeadEvent(tx, job.submissionId, { job: [job.number, `programme e-mailed to ${to.email}`] }, actor);
    return { status: "ok", sentTo: to.email, days: days.length };
  });
}

/**
 * In the transaction that added or removed `day`: once the programme has been sent, the client is
 * e-mailed the change (with the programme as it now stands). Answers whether an e-mail was queued.
 */
export async function queueProgrammeChange(
  tx: Db,
  ctx: ProgrammeContext,
  job: JobRow,
  change: "added" | "removed",
  day: JobDayView,
  now = new Date(),
): Promise<boolean> {
  const sequence = await nextSequence(tx, job.id, now, false);
  if (sequence === null) return false;
  const to = await recipient(tx, job);
  if (!to) return false;
  const days = await daysOfJob(tx, job.id);
  const when = jobDayWhen(day.start, day.end);
  const method = change === "added" ? "REQUEST" : "CANCEL";
  await tx.insert(emailOutbox).values({
    submissionId: job.submissionId,
    kind: "job-programme",
    toAddress: to.email,
    replyTo: ctx.business.email,
    subject:
      change === "added"
        ? `Programme change for job ${job.number}: a day added, ${when}`
        : `Programme change for job ${job.number}: ${when} is cancelled`,
    bodyText: body(
      job,
      to,
      [
        change === "added"
          ? `We have added a day to your programme: ${when} (Irish time), crew ${crewNames(day)}.`
          : `We have taken a day off your programme: ${when} (Irish time). Nobody will be on site then.`,
      ],
      days,
      ctx,
      method,
    ),
    icalEvent: {
      method,
      content: calendarInvitation(method, [dayEvent(job, day, sequence, to, ctx)], ctx.business.name),
    },
  });
  return true;
}
