import { Cron } from "croner";
import { and, desc, eq, gt, gte, inArray, isNotNull, lt, lte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactSubmissions, digestRuns, emailOutbox, users } from "~/db/schema";
import type { AppServices } from "~/services.server";
import { sourceLabel } from "~/features/leads/lead-sources";
import { leadStatusLabel } from "~/features/leads/lead-schema";
import { dublinDay } from "~/features/time/dublin-time";
import { formatDateTime } from "~/features/time/irish-format";
import { staffName, type StaffNameable } from "~/features/auth/staff-name";
import { staffNameSql } from "~/features/auth/staff-name.server";
import { endOfDublinDay } from "./lead-stats.server";
import { dueFollowUps, type FollowUpRow } from "./pipeline.server";

// The daily digest: at DIGEST_HOUR (Irish time) each staff member with a digest address gets one
// e-mail listing the enquiries since the previous digest (the first time: the last 24 hours) and the
// follow-ups due today or overdue. Each run's window starts where the previous run's ended (its
// "now", kept in digest_runs), so no enquiry falls between two digests however late a run is. It goes
// through the outbox like every e-mail. Several servers may share the database: the day's row in
// digest_runs is inserted in the same transaction as the e-mails, so exactly one server queues
// them (the others' inserts find the row and stop), and a server that fails midway leaves no row,
// so another can still send it. The schedule itself is croner (a maintained, dependency-free cron
// library that runs on Node 18+ and handles time zones and summer time), not a hand-made timer.

const TZ = "Europe/Dublin";
const LIST_MAX = 50;
const DAY_MS = 24 * 3_600_000;
/** After a long pause (the digest was off), list at most this far back. */
const WINDOW_MAX_MS = 7 * DAY_MS;

export type DigestResult =
  | { status: "queued"; day: string; recipients: number }
  | { status: "already-sent"; day: string }
  | { status: "nothing-to-send"; day: string; reason: "no recipients" | "no news" };

export function buildDigest(
  options: {
    day: string;
    siteUrl: string;
    businessName: string;
    recipient: { id: number } & StaffNameable;
    /** The start of the window: the previous digest, or null for the last 24 hours. */
    since: Date | null;
  },
  newLeads: Array<{ id: number; name: string; service: string | null; source: string; createdAt: Date }>,
  followUps: FollowUpRow[],
  now: Date,
): { subject: string; bodyText: string } {
  const { siteUrl, recipient } = options;
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const subject = `${options.businessName} daily digest: ${count(newLeads.length, "new enquiry", "new enquiries")}, ${count(followUps.length, "follow-up due", "follow-ups due")}`;
  const lines = [
    `Good morning ${staffName(recipient)},`,
    "",
    `New enquiries ${options.since ? `since the last digest (${formatDateTime(options.since)})` : "in the last 24 hours"} (${newLeads.length}):`,
    ...(newLeads.length
      ? newLeads
          .slice(0, LIST_MAX)
          .map(
            (l) =>
              `- #${l.id} ${l.name}${l.service ? ` – ${l.service}` : ""}${l.source === "contact-form" ? "" : ` (${sourceLabel(l.source)})`}, ${formatDateTime(l.createdAt)}`,
          )
      : ["- none"]),
    ...(newLeads.length > LIST_MAX ? [`  …and ${newLeads.length - LIST_MAX} more`] : []),
    "",
    `Follow-ups due today or overdue (${followUps.length}):`,
    ...(followUps.length
      ? followUps.map(
          (f) =>
            `- #${f.id} ${f.name}${f.service ? ` – ${f.service}` : ""} (${leadStatusLabel(f.status)}), ${f.followUpAt < now ? "overdue since" : "due"} ${formatDateTime(f.followUpAt)}${f.assignee ? `, ${f.assigneeId === recipient.id ? "yours" : `with ${f.assignee}`}` : ", not assigned"}`,
        )
      : ["- none"]),
    "",
    `All enquiries: ${siteUrl}/admin/contacts`,
    `Follow-ups due: ${siteUrl}/admin/contacts?followUp=due`,
    "",
    "You get this e-mail because your digest address is set on My Account in the admin; clear it there to stop.",
  ];
  return { subject, bodyText: lines.join("\n") };
}

/** Everyone, by name (staffName), with the address their digest goes to (null: none). */
export function listStaffDigest(db: Db): Promise<Array<{ id: number; name: string; email: string | null }>> {
  return db
    .select({ id: users.id, name: staffNameSql, email: users.email })
    .from(users)
    .orderBy(staffNameSql, users.id);
}

/** Queues today's digest unless another run (on any server) already did. */
export async function runDigest(
  services: Pick<AppServices, "database" | "env" | "siteUrl" | "business">,
  now = new Date(),
) {
  const day = dublinDay(now);
  const db: Db = services.database.db;
  const result = await db.transaction(async (tx): Promise<DigestResult> => {
    const recipients = await tx
      .select({ id: users.id, username: users.username, fullName: users.fullName, email: users.email })
      .from(users)
      // Enquiries go only to those whose role may read them (an editor's old address gets nothing).
      .where(and(isNotNull(users.email), inArray(users.role, ["owner", "office"])));
    // The previous run's "now" (its createdAt is set to it below), within the last WINDOW_MAX_MS.
    const [previous] = await tx
      .select({ at: digestRuns.createdAt })
      .from(digestRuns)
      .where(and(lt(digestRuns.createdAt, now), gte(digestRuns.createdAt, new Date(now.getTime() - WINDOW_MAX_MS))))
      .orderBy(desc(digestRuns.createdAt))
      .limit(1);
    const since = previous?.at ?? new Date(now.getTime() - DAY_MS);
    const [newLeads, followUps] = await Promise.all([
      tx
        .select({
          id: contactSubmissions.id,
          name: contactSubmissions.name,
          service: contactSubmissions.service,
          source: contactSubmissions.source,
          createdAt: contactSubmissions.createdAt,
        })
        .from(contactSubmissions)
        // (since, now]: a lead stamped at the previous run's "now" was in that run.
        .where(
          and(
            gt(contactSubmissions.createdAt, since),
            lte(contactSubmissions.createdAt, now),
            eq(contactSubmissions.spam, false),
          ),
        )
        .orderBy(desc(contactSubmissions.createdAt))
        .limit(LIST_MAX + 1000),
      dueFollowUps(tx, endOfDublinDay(now), LIST_MAX),
    ]);
    const nothing =
      recipients.length === 0 ? "no recipients" : newLeads.length + followUps.length === 0 ? "no news" : null;
    // The claim: one row per Irish day, whoever gets here first.
    const claimed = await tx
      .insert(digestRuns)
      .values({ day, createdAt: now, recipients: nothing ? 0 : recipients.length })
      .onConflictDoNothing()
      .returning({ day: digestRuns.day });
    if (claimed.length === 0) return { status: "already-sent", day };
    if (nothing) return { status: "nothing-to-send", day, reason: nothing };
    for (const r of recipients) {
      const mail = buildDigest(
        {
          day,
          siteUrl: services.siteUrl,
          businessName: services.business.name,
          recipient: r,
          since: previous?.at ?? null,
        },
        newLeads,
        followUps,
        now,
      );
      await tx.insert(emailOutbox).values({ kind: "digest", toAddress: r.email!, ...mail });
    }
    return { status: "queued", day, recipients: recipients.length };
  });
  return result;
}

/**
 * Runs the digest daily at DIGEST_HOUR, Irish time ("off": never). A server that starts within
 * three hours after that hour sends a digest not yet sent today (a deploy at 8:00 must not skip a
 * day). Returns a stop function.
 */
export function startDigestSchedule(services: AppServices): () => void {
  const hour = services.env.DIGEST_HOUR;
  if (hour === "off") return () => {};
  const run = async () => {
    try {
      const result = await runDigest(services);
      services.logger.info({ digest: result }, "daily digest");
      if (result.status === "queued") services.outbox.kick();
    } catch (error) {
      services.logger.error({ err: error }, "daily digest failed");
    }
  };
  const job = new Cron(`0 ${hour} * * *`, { timezone: TZ, protect: true, unref: true }, () => void run());
  const dublinHour = Number(
    new Intl.DateTimeFormat("en-GB", { timeZone: TZ, hour: "2-digit", hourCycle: "h23" }).format(new Date()),
  );
  const catchUp =
    dublinHour >= hour && dublinHour < hour + 3 ? setTimeout(() => void run(), 30_000).unref() : undefined;
  return () => {
    job.stop();
    if (catchUp) clearTimeout(catchUp);
  };
}
