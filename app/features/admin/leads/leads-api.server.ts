import express, { type Router } from "express";
import { readJsonBody, sendApiError } from "~/api/api-errors.server";
import { idParam } from "~/api/id-param";
import { hasFieldErrors } from "~/forms/field-errors";
import { recordAudit, requestActor } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { parseLeadQuery } from "./leads-query";
import { bulkReadEntry, deleteLead, describeLeadFilter, exportLeadsCsv, getLead, listLeads } from "./leads.server";
import { leadStatusLabel } from "~/features/leads/lead-schema";
import { leadStats } from "./lead-stats.server";
import { releaseFromQuarantine } from "~/features/leads/quarantine.server";
import { bookReleasedRequest } from "~/features/booking/book-survey.server";
import { addNote, updateLead } from "./pipeline.server";

const FIELD_NAMES: Record<string, string> = {
  status: "status",
  valueEur: "value",
  lostReason: "lost reason",
  assigneeId: "assignee",
  followUpAt: "follow-up",
};

/** The enquiry inbox's API. Mounted inside the /api/admin router, after its session check. */
export function leadsAdminApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  // Spec section 7: a JSON list. Paging is in the query (page, pageSize at most 50); the total in
  // the headers. A page past the first 100 enquiries is a bulk read, on record (bulkReadEntry).
  router.get("/api/admin/contacts", async (req, res) => {
    const query = parseLeadQuery(new URLSearchParams(req.url.split("?")[1] ?? ""));
    const { rows, total, totalIsCapped } = await listLeads(db(), query);
    const bulk = bulkReadEntry(query, rows.length);
    if (bulk) await recordAudit(db(), requestActor(req, res), bulk, req.log);
    // X-Total-Count is exact up to 1,000 matches; above that it says 1000 and X-Total-Count-Capped is true.
    res
      .set({
        "X-Total-Count": String(total),
        "X-Total-Count-Capped": String(totalIsCapped),
        "X-Page": String(query.page),
        "X-Page-Size": String(query.pageSize),
      })
      .json(rows);
  });

  // Lead analytics: the figures the dashboard draws.
  router.get("/api/admin/stats/leads", async (_req, res) => {
    res.json(await leadStats(db()));
  });

  // Every enquiry in one file: the most a stolen session could take, so the guard asks for the
  // password first (`confirm` in features/auth/access.ts).
  router.get("/api/admin/contacts/export.csv", async (req, res) => {
    const query = parseLeadQuery(new URLSearchParams(req.url.split("?")[1] ?? ""));
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader(
      "Content-Disposition",
      `attachment; filename="enquiries-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    res.write("\uFEFF"); // BOM: Excel then reads the file as UTF-8 (fadas, euro signs)
    let rows = -1; // the header line is not an enquiry
    for await (const chunk of exportLeadsCsv(db(), query)) {
      rows += countCsvRecords(chunk);
      res.write(chunk);
    }
    req.log.info(
      {
        event: "contacts-export",
        user: (res.locals.user as { username: string }).username,
        status: query.status,
        q: query.q,
      },
      "enquiries exported",
    );
    // Before ending the response, so the download completes only once it is on record.
    const filter = describeLeadFilter(query);
    await recordAudit(
      db(),
      requestActor(req, res),
      {
        action: "contact.export",
        summary: `Exported ${rows} enquir${rows === 1 ? "y" : "ies"} as CSV${filter ? ` (${filter})` : ""}`,
        details: { status: query.status, q: query.q.slice(0, 100) || undefined, rows },
      },
      req.log,
    );
    res.end();
  });

  router.get("/api/admin/contacts/:id", async (req, res) => {
    const id = idParam(req.params.id);
    const contact = id === null ? null : await getLead(db(), id);
    if (!contact) return sendApiError(res, 404, "No such enquiry.");
    // By number only: the log outlives an erased enquiry and must not keep the person's details.
    await recordAudit(
      db(),
      requestActor(req, res),
      {
        action: "contact.view",
        summary: `Opened enquiry #${contact.id}`,
        target: { type: "contact", id: contact.id },
      },
      req.log,
    );
    res.json(contact);
  });

  // Read/unread and the pipeline (status, valueEur, lostReason, assigneeId, followUpAt). 4 KB is
  // plenty for these fields (a lost reason is at most 500 characters).
  // The notes and timeline again, after a change in the open enquiry (opening it is already on record).
  router.get("/api/admin/contacts/:id/history", async (req, res) => {
    const id = idParam(req.params.id);
    const contact = id === null ? null : await getLead(db(), id);
    if (!contact) return sendApiError(res, 404, "No such enquiry.");
    res.json({ notes: contact.notes, timeline: contact.timeline });
  });

  router.patch("/api/admin/contacts/:id", express.json({ limit: "4kb" }), async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null) return sendApiError(res, 404, "No such enquiry.");
    const actor = requestActor(req, res);
    const { spam, ...rest } = (req.body ?? {}) as Record<string, unknown>;
    if (spam !== undefined) {
      // Out of quarantine only: staff release a lead a spam check caught by mistake.
      if (spam !== false)
        return sendApiError(res, 400, 'Send {"spam": false} to move an enquiry from Spam to the inbox.', {
          fieldErrors: { spam: "Only false is accepted" },
        });
      const released = await releaseFromQuarantine(services, id, actor, (tx, row) =>
        bookReleasedRequest(tx, row, actor, services),
      );
      if (released.status === "not-found") return sendApiError(res, 404, "No such enquiry.");
      if (released.status === "released")
        await recordAudit(
          db(),
          actor,
          {
            action: "contact.release",
            summary: `Moved enquiry #${id} from Spam to the inbox`,
            target: { type: "contact", id },
          },
          req.log,
        );
      if (Object.keys(rest).length === 0) return void res.json({ id, spam: false });
    }
    const result = await updateLead(db(), id, spam === undefined ? req.body : rest, actor);
    if (result.status === "not-found") return sendApiError(res, 404, "No such enquiry.");
    if (result.status === "invalid")
      return sendApiError(
        res,
        400,
        result.fieldErrors.read ? 'Send {"read": true} or {"read": false}.' : result.message,
        hasFieldErrors(result.fieldErrors) ? { fieldErrors: result.fieldErrors } : undefined,
      );
    const read = rest.read;
    if (read !== undefined)
      await recordAudit(
        db(),
        actor,
        {
          action: read ? "contact.mark-read" : "contact.mark-unread",
          summary: `Marked enquiry #${id} ${read ? "read" : "unread"}`,
          target: { type: "contact", id },
        },
        req.log,
      );
    const fields = Object.keys(result.changes);
    if (fields.length > 0) {
      const status = result.changes.status as [string, string] | undefined;
      // By number and field names only (values such as a lost reason stay on the lead's own timeline).
      await recordAudit(
        db(),
        actor,
        {
          action: "contact.pipeline",
          summary: `Updated enquiry #${id}: ${fields.map((f) => FIELD_NAMES[f] ?? f).join(", ")}${status ? ` (${leadStatusLabel(status[0])} → ${leadStatusLabel(status[1])})` : ""}`,
          target: { type: "contact", id },
          details: { fields, ...(status ? { from: status[0], to: status[1] } : {}) },
        },
        req.log,
      );
    }
    res.json(spam === false ? { ...result.lead, spam: false } : result.lead);
  });

  router.post("/api/admin/contacts/:id/notes", readJsonBody({ limit: "64kb" }), async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null) return sendApiError(res, 404, "No such enquiry.");
    const user = res.locals.user as { id: number; username: string };
    const result = await addNote(db(), id, req.body, user);
    if (result.status === "not-found") return sendApiError(res, 404, "No such enquiry.");
    if (result.status === "invalid")
      return sendApiError(res, 400, result.fieldErrors.body ?? "Please correct the highlighted fields.", {
        fieldErrors: result.fieldErrors,
      });
    await recordAudit(
      db(),
      requestActor(req, res),
      {
        action: "contact.note",
        summary: `Added a note to enquiry #${id}`,
        target: { type: "contact", id },
        details: { length: result.note.body.length },
      },
      req.log,
    );
    res.status(201).json(result.note);
  });

  router.delete("/api/admin/contacts/:id", async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null || !(await deleteLead(db(), id))) return sendApiError(res, 404, "No such enquiry.");
    req.log.info(
      { event: "contact-erased", id, user: (res.locals.user as { username: string }).username },
      "enquiry erased",
    );
    await recordAudit(
      db(),
      requestActor(req, res),
      { action: "contact.erase", summary: `Erased enquiry #${id}`, target: { type: "contact", id } },
      req.log,
    );
    res.status(204).end();
  });

  return router;
}

/**
 * CSV records in a chunk of the export: line breaks outside quoted cells (a message's own line
 * breaks are always inside quotes; see csvCell).
 */
export function countCsvRecords(chunk: string): number {
  let records = 0;
  let quoted = false;
  for (let i = 0; i < chunk.length; i++) {
    const c = chunk.charCodeAt(i);
    if (c === 34)
      quoted = !quoted; // '"': an escaped quote ("") toggles twice
    else if (c === 10 && !quoted) records++;
  }
  return records;
}
