import { useState, type FormEvent } from "react";
import { data, Link } from "react-router";
import { buttonClass, rowButton } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/form-field";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { addDays, dublinDay, dublinInstant, dublinIso, minutesOf } from "~/features/time/dublin-time";
import { idParam } from "../list/resource-api.server";
import { useMutation } from "../list/mutation";
import type { Route } from "./+types/job-programme-page";
import { dayWhen, JobStatusBadge } from "./job-status-badge";
import { programmePageData } from "./job-programme.server";
import { formatDateTime } from "~/features/time/irish-format";
import { adminNotFound } from "../admin-not-found-content";

// /admin/jobs/:id/programme: the job's days (add with date and time pickers and crew checkboxes,
// remove), a day in the past answered by "Save it anyway", a clash by "Schedule anyway", and
// "E-mail the programme to the client". Every write goes to /api/admin/jobs/:id/… (useMutation);
// the loader reads the same functions.

export const headers = adminHeaders;
export const meta: Route.MetaFunction = (args) =>
  adminMeta(args.loaderData ? `Programme ${args.loaderData.job.number}` : "Programme")(args);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/jobs/:id/programme");
  const id = idParam(params.id);
  const found =
    id === null ? null : await programmePageData(context.services.database.db, context.services.siteUrl, id);
  if (!found) throw adminNotFound("There is no job with this number. It may have been deleted.");
  return data({ ...found, today: dublinDay(new Date()) }, { headers: adminHeaders() });
}

type Loaded = Route.ComponentProps["loaderData"];
type Clash = { message: string };

export default function JobProgrammePage({ loaderData }: Route.ComponentProps) {
  const { job, staff, sentAt, title, clientName } = loaderData;
  const open = job.status !== "complete" && job.status !== "cancelled";
  const { mutate, pending } = useMutation();

  const remove = async (day: Loaded["job"]["days"][number]) => {
    if (
      !window.confirm(
        `Remove ${dayWhen(day.start, day.end)} from the programme?${sentAt ? " The client is e-mailed the change." : ""}`,
      )
    )
      return;
    await mutate("DELETE", `/api/admin/jobs/${job.id}/days/${day.id}`, undefined, {
      success: { title: "Day removed", description: sentAt ? "The client is e-mailed the change." : undefined },
      failure: "Failed to remove the day",
    });
  };

  const emailProgramme = async () => {
    await mutate<{ sentTo: string; days: number }>("POST", `/api/admin/jobs/${job.id}/programme`, undefined, {
      success: (r) => ({ title: "Programme e-mailed", description: `Sent to ${r.sentTo} with a calendar invitation.` }),
      failure: "Failed to e-mail the programme",
    });
  };

  return (
    <>
      <p className="text-sm">
        <Link to="/admin/jobs" className="font-semibold underline underline-offset-2 hover:no-underline">
          Jobs
        </Link>{" "}
        /{" "}
        <Link to={`/admin/jobs/${job.id}`} className="font-semibold underline underline-offset-2 hover:no-underline">
          {job.number}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">
            Programme: <span className="whitespace-nowrap">{job.number}</span>
          </h1>
          <p className="mt-1 text-slate-brand">
            {title} · {clientName} · <JobStatusBadge status={job.status} />
          </p>
          <p className="mt-1 text-slate-brand">{[...job.site.address, job.site.eircode].filter(Boolean).join(", ")}</p>
        </div>
        <Link to={`/admin/jobs/${job.id}`} className="btn-outline !min-h-10 text-sm">
          Back to the job card
        </Link>
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-8">
          <Card title="Days" large>
            {job.days.length === 0 ? (
              <p className="mt-3 text-slate-brand">No days yet. Add the first one: the job becomes “Scheduled”.</p>
            ) : (
              <ul className="mt-3 divide-y divide-navy-900/10" aria-label="Days on the programme">
                {job.days.map((day) => (
                  <li key={day.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                    <div>
                      <p className="font-semibold">{dayWhen(day.start, day.end)}</p>
                      <p className="text-sm">Crew: {day.staff.map((s) => s.name).join(", ")}</p>
                      {day.note && <p className="text-sm text-slate-brand">{day.note}</p>}
                    </div>
                    {open && (
                      <button
                        type="button"
                        className={rowButton.danger}
                        disabled={pending}
                        onClick={() => void remove(day)}
                      >
                        Remove<span className="sr-only"> {dayWhen(day.start, day.end)}</span>
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title="The client's copy">
            <p className="mt-2">
              {sentAt
                ? `Last e-mailed on ${formatDateTime(sentAt)}. Days you add or remove now are e-mailed to the client as you make them.`
                : "Not e-mailed yet. The e-mail lists every day, the crew and what to get ready (clear the area, access, power), with a calendar invitation."}
            </p>
            <button
              type="button"
              className="btn-dark mt-4"
              disabled={pending || job.days.length === 0}
              onClick={() => void emailProgramme()}
            >
              E-mail the programme to the client
            </button>
          </Card>
        </div>
        {open ? (
          <AddDay jobId={job.id} staff={staff} today={loaderData.today} />
        ) : (
          <p className="rounded-lg bg-mist p-4">This job is {job.status}: its programme can no longer change.</p>
        )}
      </div>
    </>
  );
}

function AddDay({ jobId, staff, today }: { jobId: number; staff: Loaded["staff"]; today: string }) {
  const { mutate, pending, fieldErrors, formRef } = useMutation();
  const [clashes, setClashes] = useState<Clash[] | null>(null);
  const [crew, setCrew] = useState<number[]>([]);
  const [startDate, setStartDate] = useState(addDays(today, 1));
  const [form, setForm] = useState({ startTime: "08:00", endDate: addDays(today, 1), endTime: "17:00", note: "" });
  // The start the "in the past" warning was shown for: changing the date or time hides it.
  const [pastWarned, setPastWarned] = useState<number | null>(null);

  const startsAt = () => dublinInstant(startDate, minutesOf(form.startTime));
  const body = (allowClash: boolean) => {
    const end = dublinInstant(form.endDate, minutesOf(form.endTime));
    return { start: dublinIso(startsAt()), end: dublinIso(end), staffIds: crew, note: form.note, allowClash };
  };
  const start = startsAt().getTime();
  const warnPast = pastWarned === start;

  const send = async (allowClash: boolean) => {
    const result = await mutate("POST", `/api/admin/jobs/${jobId}/days`, body(allowClash), {
      success: { title: "Day added", description: allowClash ? "Scheduled over the clash." : undefined },
    });
    if (result.ok) {
      setPastWarned(null);
      setClashes(null);
      setCrew([]);
      setForm({ ...form, note: "" });
      return;
    }
    const answer = result.error.body as { clashes?: Clash[] } | null;
    setClashes(result.error.status === 409 && answer?.clashes ? answer.clashes : null);
    if (!(result.error.status === 409 && answer?.clashes) && !Object.keys(result.error.fieldErrors).length)
      setClashes([{ message: result.error.detail }]);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A day before now is allowed (work already done is logged too), but never by a slip of the date
    // picker: it is asked first. The server takes it either way.
    if (start < Date.now()) {
      setClashes(null);
      setPastWarned(start);
      return;
    }
    void send(false);
  };

  return (
    <Card title="Add a day">
      <form ref={formRef} onSubmit={submit} noValidate className="mt-4 space-y-4">
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Start date"
            name="startDate"
            type="date"
            required
            value={startDate}
            onChange={(e) => {
              const next = e.target.value;
              // The end follows the start until it is set on its own (a night shift ends the next day).
              if (form.endDate === startDate) setForm({ ...form, endDate: next });
              setStartDate(next);
            }}
            error={fieldErrors.start}
          />
          <TextField
            label="Start time"
            name="startTime"
            type="time"
            required
            value={form.startTime}
            onChange={(e) => setForm({ ...form, startTime: e.target.value })}
          />
          <TextField
            label="End date"
            name="endDate"
            type="date"
            required
            value={form.endDate}
            onChange={(e) => setForm({ ...form, endDate: e.target.value })}
            error={fieldErrors.end}
          />
          <TextField
            label="End time"
            name="endTime"
            type="time"
            required
            value={form.endTime}
            onChange={(e) => setForm({ ...form, endTime: e.target.value })}
          />
        </div>
        <p className="text-sm text-slate-brand">
          Irish time. Nights and weekends are fine: end on the next day for a night shift.
        </p>
        <fieldset aria-describedby={fieldErrors.staffIds ? "crew-error" : undefined}>
          <legend className="font-medium">Crew</legend>
          <div className="mt-2 space-y-2">
            {staff.map((s) => (
              <CheckboxField
                key={s.id}
                label={s.name}
                name="staffIds"
                checked={crew.includes(s.id)}
                onChange={(e) => setCrew(e.target.checked ? [...crew, s.id] : crew.filter((id) => id !== s.id))}
              />
            ))}
          </div>
          {fieldErrors.staffIds && (
            <p id="crew-error" className="mt-1.5 text-sm font-medium text-red-700">
              {fieldErrors.staffIds}
            </p>
          )}
        </fieldset>
        <TextAreaField
          label="Note"
          name="note"
          optional
          rows={2}
          maxLength={500}
          value={form.note}
          onChange={(e) => setForm({ ...form, note: e.target.value })}
          hint="For the crew and the client, e.g. “Night work: shop closed”."
        />
        {warnPast && !clashes && (
          <div role="alert" className="rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300">
            <p className="font-semibold">This day is in the past</p>
            <p className="mt-1">
              It starts {formatDateTime(start)}, before now. Save it anyway? That is right for work already done.
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="button" className="btn-dark" disabled={pending} onClick={() => void send(false)}>
                Save it anyway
              </button>
              <button
                type="button"
                className={buttonClass.light}
                onClick={() => {
                  setPastWarned(null);
                  formRef.current?.querySelector<HTMLInputElement>('input[name="startDate"]')?.focus();
                }}
              >
                Change the date
              </button>
            </div>
          </div>
        )}
        {clashes && (
          <div role="alert" className="rounded-lg bg-red-50 p-4 ring-1 ring-red-800/30">
            <p className="font-semibold">
              {clashes.length === 1 && !clashes[0]!.message.includes(" is already on ")
                ? "Could not add the day"
                : "Clash"}
            </p>
            <ul className="mt-1 list-disc pl-5">
              {clashes.map((c) => (
                <li key={c.message}>{c.message}</li>
              ))}
            </ul>
            {clashes.some((c) => c.message.includes(" is already on ")) && (
              <button
                type="button"
                className={`${buttonClass.danger} mt-3`}
                disabled={pending}
                onClick={() => void send(true)}
              >
                Schedule anyway
              </button>
            )}
          </div>
        )}
        <button type="submit" className="btn-dark w-full" disabled={pending}>
          {pending ? "Adding…" : "Add the day"}
        </button>
      </form>
    </Card>
  );
}
