import { asc, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { staffNameSql } from "~/features/auth/staff-name.server";
import { clients, jobProgrammeSends, jobs, users } from "~/db/schema";
import { getJob } from "~/features/jobs/jobs.server";

/** What the programme page shows: the job, who can be on a day (everyone but editors), when it was last e-mailed. */
export async function programmePageData(db: Db, siteUrl: string, id: number) {
  const job = await getJob(db, siteUrl, id);
  if (!job) return null;
  const [[extra], staff, [sent]] = await Promise.all([
    db
      .select({ title: jobs.title, clientName: clients.name, company: clients.company })
      .from(jobs)
      .innerJoin(clients, eq(clients.id, jobs.clientId))
      .where(eq(jobs.id, id)),
    db
      .select({ id: users.id, name: staffNameSql })
      .from(users)
      .where(ne(users.role, "editor"))
      .orderBy(asc(staffNameSql)),
    db.select({ at: jobProgrammeSends.lastSentAt }).from(jobProgrammeSends).where(eq(jobProgrammeSends.jobId, id)),
  ]);
  return {
    job,
    staff,
    title: extra?.title ?? "",
    clientName: extra?.company ? `${extra.clientName} (${extra.company})` : (extra?.clientName ?? ""),
    sentAt: sent?.at ?? null,
  };
}
