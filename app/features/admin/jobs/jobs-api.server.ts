import express, { type Request, type Response, type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { recordAudit, requestActor } from "~/features/audit/audit.server";
import { addJobDay, removeJobDay } from "~/features/jobs/job-days.server";
import { listJobs } from "~/features/jobs/job-list.server";
import { emailProgramme } from "~/features/jobs/job-programme.server";
import { checkJobInput, JobChangeSchema, JobDaySchema, NewJobSchema, type JobErrors } from "~/features/jobs/job-schema";
import { JOB_STATUSES } from "~/features/jobs/job-status";
import { updateJob } from "~/features/jobs/job-changes.server";
import { createJob, getJob, jobView } from "~/features/jobs/jobs.server";
import { isCalendarDay, surveyWhen } from "~/features/time/dublin-time";
import type { JobStatus } from "~/db/schema";
import type { AppServices } from "~/services.server";
import { idParam, readJson } from "../list/resource-api.server";

/**
 * Jobs for staff (issue 37), inside the /api/admin router (after its session check):
 * GET /api/admin/jobs?status=&from=&to=&q=&page= → { items, total }; POST /api/admin/jobs → 201 job;
 * GET/PUT /api/admin/jobs/:id → the job; POST /api/admin/jobs/:id/days → 201 day (409 with
 * `clashes` unless `allowClash: true`); DELETE /api/admin/jobs/:id/days/:dayId; POST
 * /api/admin/jobs/:id/programme → { sentTo, days }.
 */

const NO_JOB = "There is no job with this id. It may have been deleted.";

function sendInvalid(res: Response, errors: JobErrors) {
  const fields = Object.keys(errors);
  const message =
    fields.length === 1
      ? `Please correct ${fields[0]}: ${errors[fields[0]!]}.`
      : `Please correct these fields: ${fields.join(", ")}.`;
  sendApiError(res, 400, message, { fieldErrors: errors });
}

type ListQuery = { status?: JobStatus; from?: string; to?: string; q?: string; page?: number };

function listQuery(req: Request): { ok: true; query: ListQuery } | { ok: false; errors: JobErrors } {
  const errors: JobErrors = {};
  const one = (name: string) => {
    const v = req.query[name];
    return typeof v === "string" && v !== "" ? v : undefined;
  };
  const status = one("status");
  if (status !== undefined && !(JOB_STATUSES as ReadonlyArray<string>).includes(status))
    errors.status = `Unknown status: use one of ${JOB_STATUSES.join(", ")}`;
  for (const name of ["from", "to"] as const) {
    const day = one(name);
    if (day !== undefined && !isCalendarDay(day)) errors[name] = "Give a date as YYYY-MM-DD (Irish calendar day)";
  }
  const from = one("from");
  const to = one("to");
  if (!errors.from && !errors.to && from && to && to < from)
    errors.to = "The end date must not be before the start date";
  const page = one("page");
  if (page !== undefined && !/^[1-9]\d{0,5}$/.test(page)) errors.page = "Page must be a whole number from 1";
  const q = one("q");
  if (q !== undefined && q.length > 200) errors.q = "Keep the search under 200 characters";
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    query: { status: status as JobStatus | undefined, from, to, q, page: page ? Number(page) : undefined },
  };
}

export function jobsAdminApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;
  // Read at each call: the business's facts and address change in Settings without a restart.
  const ctx = () => ({ siteUrl: services.siteUrl, business: services.business });

  router.get("/api/admin/jobs", async (req, res) => {
    const checked = listQuery(req);
    if (!checked.ok) return sendInvalid(res, checked.errors);
    res.json(await listJobs(db(), checked.query));
  });

  router.post("/api/admin/jobs", readJson, async (req, res) => {
    const checked = checkJobInput(NewJobSchema, req.body);
    if (!checked.ok) return sendInvalid(res, checked.errors);
    const actor = requestActor(req, res);
    const result = await createJob(db(), checked.data, actor.userId);
    if (result.status === "no-client")
      return sendInvalid(res, { clientId: "There is no client with this id: choose one from the Clients list" });
    const job = result.job;
    await recordAudit(
      db(),
      actor,
      { action: "job.create", summary: `Started job ${job.number}: ${job.title}`, target: { type: "job", id: job.id } },
      req.log,
    );
    res.status(201).json(await jobView(db(), services.siteUrl, job));
  });

  router.get("/api/admin/jobs/:id", async (req, res) => {
    const id = idParam(req.params.id);
    const job = id === null ? null : await getJob(db(), services.siteUrl, id);
    if (!job) return sendApiError(res, 404, NO_JOB);
    res.json(job);
  });

  router.put("/api/admin/jobs/:id", readJson, async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null) return sendApiError(res, 404, NO_JOB);
    const checked = checkJobInput(JobChangeSchema, req.body);
    if (!checked.ok) return sendInvalid(res, checked.errors);
    const result = await updateJob(db(), services.siteUrl, id, checked.data);
    if (result.status === "not-found") return sendApiError(res, 404, NO_JOB);
    if (result.status === "conflict") return sendApiError(res, 409, result.message);
    if (result.changed.length)
      await recordAudit(
        db(),
        requestActor(req, res),
        {
          action: "job.update",
          summary: `Changed job ${result.job.number}${checked.data.status ? ` (now ${result.job.status})` : ""}`,
          target: { type: "job", id },
          details: { fields: result.changed },
        },
        req.log,
      );
    res.json(result.job);
  });

  router.post("/api/admin/jobs/:id/days", readJson, async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null) return sendApiError(res, 404, NO_JOB);
    const checked = checkJobInput(JobDaySchema, req.body);
    if (!checked.ok) return sendInvalid(res, checked.errors);
    const result = await addJobDay(db(), ctx(), id, checked.data);
    switch (result.status) {
      case "not-found":
        return sendApiError(res, 404, NO_JOB);
      case "invalid":
        return sendInvalid(res, result.errors);
      case "closed":
        return sendApiError(res, 409, result.message);
      case "clash":
        return sendApiError(res, 409, result.message, { clashes: result.clashes });
    }
    if (result.emailed) services.outbox.kick();
    await recordAudit(
      db(),
      requestActor(req, res),
      {
        action: "job.day-add",
        summary: `Added ${surveyWhen(result.day.start, result.day.end)} to job ${result.job.number}${result.clashes.length ? " (scheduled over a clash)" : ""}`,
        target: { type: "job", id },
        details: { staff: result.day.staff.map((s) => s.id), clashes: result.clashes.length },
      },
      req.log,
    );
    res.status(201).json(result.day);
  });

  router.delete("/api/admin/jobs/:id/days/:dayId", async (req, res) => {
    const id = idParam(req.params.id);
    const dayId = idParam(req.params.dayId);
    if (id === null || dayId === null) return sendApiError(res, 404, "There is no such day on this job's programme.");
    const result = await removeJobDay(db(), ctx(), id, dayId);
    if (result.status === "not-found") return sendApiError(res, 404, "There is no such day on this job's programme.");
    if (result.status === "closed") return sendApiError(res, 409, result.message);
    if (result.emailed) services.outbox.kick();
    await recordAudit(
      db(),
      requestActor(req, res),
      {
        action: "job.day-remove",
        summary: `Removed ${surveyWhen(result.day.start, result.day.end)} from job ${result.job.number}`,
        target: { type: "job", id },
      },
      req.log,
    );
    res.status(204).end();
  });

  router.post("/api/admin/jobs/:id/programme", async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null) return sendApiError(res, 404, NO_JOB);
    const actor = requestActor(req, res);
    const result = await emailProgramme(db(), ctx(), id, actor);
    if (result.status === "not-found") return sendApiError(res, 404, NO_JOB);
    if (result.status === "conflict") return sendApiError(res, 409, result.message);
    services.outbox.kick();
    await recordAudit(
      db(),
      actor,
      {
        action: "job.programme",
        summary: `E-mailed the programme of job #${id} (${result.days} days) to the client`,
        target: { type: "job", id },
      },
      req.log,
    );
    res.json({ sentTo: result.sentTo, days: result.days });
  });

  return router;
}
