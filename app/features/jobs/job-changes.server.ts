import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { jobDays, jobs } from "~/db/schema";
import type { JobChange } from "./job-schema";
import { checkStatusMove } from "./job-status";
import { jobView, type JobView } from "./jobs.server";

export type JobChangeResult =
  { status: "ok"; job: JobView; changed: string[] } | { status: "not-found" } | { status: "conflict"; message: string };

/**
 * PUT /api/admin/jobs/:id: status (by the rules in job-status.ts), title, site and notes. The row
 * is locked while the move is checked, so two staff moving one job at once are taken in turn.
 */
export async function updateJob(
  db: Db,
  siteUrl: string,
  id: number,
  change: JobChange,
  now = new Date(),
): Promise<JobChangeResult> {
  return db.transaction(async (tx): Promise<JobChangeResult> => {
    const [before] = await tx.select().from(jobs).where(eq(jobs.id, id)).for("update");
    if (!before) return { status: "not-found" };
    const set: Partial<typeof jobs.$inferInsert> = {};
    if (change.status !== undefined && change.status !== before.status) {
      const days = await tx.$count(jobDays, eq(jobDays.jobId, id));
      const move = checkStatusMove(before.status, change.status, days > 0);
      if (!move.ok) return { status: "conflict", message: `Job ${before.number}: ${move.message}` };
      set.status = change.status;
      if (change.status === "complete") set.completedAt = now;
      if (change.status === "cancelled") set.cancelledAt = now;
    }
    if (change.title !== undefined && change.title !== before.title) set.title = change.title;
    if (change.site !== undefined && JSON.stringify(change.site) !== JSON.stringify(before.site))
      set.site = change.site;
    if (change.notes !== undefined && change.notes !== before.notes) set.notes = change.notes;
    const changed = Object.keys(set).filter((k) => k !== "completedAt" && k !== "cancelledAt");
    const [row] =
      changed.length === 0
        ? [before]
        : await tx
            .update(jobs)
            .set({ ...set, updatedAt: now })
            .where(eq(jobs.id, id))
            .returning();
    return { status: "ok", job: await jobView(tx, siteUrl, row!), changed };
  });
}
