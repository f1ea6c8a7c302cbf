import { sourceLabel } from "~/features/leads/lead-sources";
import { useState, type FormEvent } from "react";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { formText } from "~/forms/form-values";
import { useMutation } from "../list/mutation";
import { formatLeadDateTime } from "./leads-query";
import {
  LEAD_STATUS_OPTIONS,
  leadStatusLabel,
  LOST_REASON_MAX,
  NOTE_MAX,
  type LeadField,
} from "~/features/leads/lead-schema";
import type { TimelineItem } from "./pipeline.server";

// The pipeline part of an enquiry: its status, value, assignee and follow-up (one form), the notes
// staff add, and the timeline of everything that happened to it. Writes go to the JSON API through
// useMutation; after each one the dialog reloads the lead's history.

/** A colleague a lead can be assigned to, by the name they are known by (staffName). */
export type StaffMember = { id: number; name: string };

export type LeadState = {
  id: number;
  status: string;
  valueEur: number | null;
  lostReason: string | null;
  assigneeId: number | null;
  followUpAt: string | Date | null;
};

const LABEL = "text-sm font-semibold uppercase tracking-wider text-slate-brand";

/** A status as a small coloured pill that never breaks inside. */
export function LeadStatusBadge({ status }: { status: string }) {
  const colour: Record<string, string> = {
    new: "bg-sky-100 text-sky-900",
    contacted: "bg-amber-100 text-amber-900",
    quoted: "bg-violet-100 text-violet-900",
    won: "bg-green-100 text-green-900",
    lost: "bg-slate-200 text-slate-800",
  };
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-bold ${colour[status] ?? "bg-mist"}`}
    >
      {leadStatusLabel(status)}
    </span>
  );
}

const euro = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
export const formatEuro = (n: number) => euro.format(n);

/** "YYYY-MM-DDTHH:mm" in the browser's time zone, for a datetime-local box. */
function localInputValue(value: string | Date | null): string {
  if (!value) return "";
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Status, value, lost reason, assignee and follow-up: one Save. */
export function LeadPipelineForm({
  lead,
  staff,
  onSaved,
}: {
  lead: LeadState;
  staff: ReadonlyArray<StaffMember>;
  onSaved: (lead: LeadState) => void;
}) {
  const { mutate, pending, fieldErrors, clearFieldError, formRef } = useMutation<LeadField>();
  const [status, setStatus] = useState(lead.status);

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = formText(form, "valueEur").replace(/[€,\s]/g, "");
    const followUp = formText(form, "followUpAt");
    const assignee = formText(form, "assigneeId");
    const done = await mutate<LeadState>(
      "PATCH",
      `/api/admin/contacts/${lead.id}`,
      {
        status,
        // Anything that is not a plain number is sent as typed, so the server names the field.
        valueEur: value === "" ? null : /^\d+$/.test(value) ? Number(value) : value,
        lostReason: status === "lost" ? formText(form, "lostReason") : null,
        assigneeId: assignee === "" ? null : Number(assignee),
        followUpAt: followUp === "" ? null : new Date(followUp).toISOString(),
      },
      {
        success: { title: "Lead updated", description: "The enquiry's pipeline has been saved." },
        failure: "Failed to update enquiry",
      },
    );
    if (done.ok) onSaved(done.data);
  }

  return (
    <section aria-labelledby="lead-pipeline-heading" className="rounded-lg bg-paper p-4">
      <h3 id="lead-pipeline-heading" className={LABEL}>
        Pipeline
      </h3>
      <form ref={formRef} onSubmit={(e) => void save(e)} noValidate className="mt-3 grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Status"
          name="status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            clearFieldError("status");
            clearFieldError("lostReason");
          }}
          options={LEAD_STATUS_OPTIONS}
          error={fieldErrors.status}
        />
        <TextField
          label="Value (€, before VAT)"
          name="valueEur"
          inputMode="numeric"
          defaultValue={lead.valueEur ?? ""}
          hint="Quote or job value, whole euros"
          error={fieldErrors.valueEur}
          onInput={() => clearFieldError("valueEur")}
        />
        {status === "lost" && (
          <TextField
            label="Why was it lost?"
            name="lostReason"
            required
            maxLength={LOST_REASON_MAX}
            defaultValue={lead.lostReason ?? ""}
            error={fieldErrors.lostReason}
            onInput={() => clearFieldError("lostReason")}
            className="sm:col-span-2"
          />
        )}
        <SelectField
          label="Assigned to"
          name="assigneeId"
          defaultValue={lead.assigneeId === null ? "" : String(lead.assigneeId)}
          options={staff.map((s) => ({ value: String(s.id), label: s.name }))}
          error={fieldErrors.assigneeId}
        >
          <option value="">Nobody</option>
        </SelectField>
        <TextField
          label="Follow up"
          name="followUpAt"
          type="datetime-local"
          defaultValue={localInputValue(lead.followUpAt)}
          error={fieldErrors.followUpAt}
          onInput={() => clearFieldError("followUpAt")}
        />
        <div className="sm:col-span-2">
          <button type="submit" className="btn-dark !min-h-10 text-sm" disabled={pending}>
            {pending ? "Saving..." : "Save pipeline"}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A note box; the notes themselves show in the timeline. */
export function LeadNoteForm({ leadId, onAdded }: { leadId: number; onAdded: () => void }) {
  const { mutate, pending, fieldErrors, clearFieldError, formRef } = useMutation<"body">();
  const [body, setBody] = useState("");

  async function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const done = await mutate(
      "POST",
      `/api/admin/contacts/${leadId}/notes`,
      { body },
      {
        success: { title: "Note added", description: "The note is on the enquiry's timeline." },
        failure: "Failed to add note",
      },
    );
    if (done.ok) {
      setBody("");
      onAdded();
    }
  }

  return (
    <form ref={formRef} onSubmit={(e) => void add(e)} noValidate className="space-y-2">
      <TextAreaField
        label="Add a note"
        name="body"
        rows={3}
        value={body}
        maxLength={NOTE_MAX}
        hint="Who you spoke to, what was agreed. Staff only."
        error={fieldErrors.body}
        onChange={(e) => {
          setBody(e.target.value);
          clearFieldError("body");
        }}
      />
      <button type="submit" className="btn-outline !min-h-10 text-sm" disabled={pending}>
        {pending ? "Adding..." : "Add note"}
      </button>
    </form>
  );
}

type Serialized<T> = { [K in keyof T]: T[K] extends Date ? string | Date : T[K] };

/** What happened to the lead, oldest first. */
export function LeadTimeline({
  items,
  staff,
}: {
  items: ReadonlyArray<Serialized<TimelineItem>>;
  staff: ReadonlyArray<StaffMember>;
}) {
  // Timeline values are what the server stored: strings, numbers or null.
  const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");
  const who = (id: unknown) => (id === null ? "nobody" : (staff.find((s) => s.id === id)?.name ?? `user #${text(id)}`));
  const describe = (field: string, value: unknown): string => {
    if (value === null || value === "") return "none";
    if (field === "status") return leadStatusLabel(text(value));
    if (field === "valueEur") return `${formatEuro(Number(value))} before VAT`;
    if (field === "assigneeId") return who(value);
    if (field === "followUpAt") return formatLeadDateTime(text(value));
    return text(value);
  };
  const FIELD: Record<string, string> = {
    status: "status",
    valueEur: "value",
    lostReason: "lost reason",
    assigneeId: "assignee",
    followUpAt: "follow-up",
  };
  return (
    <section aria-labelledby="lead-timeline-heading">
      <h3 id="lead-timeline-heading" className={LABEL}>
        Timeline
      </h3>
      <ol className="mt-2 space-y-3 border-l-2 border-mist pl-4">
        {items.map((item, i) => (
          <li key={i} className="relative">
            <span
              className="absolute -left-[1.42rem] top-1.5 h-2.5 w-2.5 rounded-full bg-navy-700"
              aria-hidden="true"
            />
            <p className="text-xs text-slate-brand">{formatLeadDateTime(item.at)}</p>
            {item.type === "submitted" && <p>Enquiry received (source: {sourceLabel(item.source)})</p>}
            {item.type === "change" && "spam" in item.changes && (
              <p>
                <span className="font-semibold">{item.by ?? "Someone"}</span> moved it from Spam to the inbox
              </p>
            )}
            {item.type === "change" && "quote" in item.changes && (
              // A quote's step (sent, viewed, accepted, declined, a reminder), with what it did to the lead.
              <p>
                Quote {text(item.changes.quote[0])} {text(item.changes.quote[1])}
                {item.by ? ` (${item.by})` : ""}
                {Object.entries(item.changes)
                  .filter(([f]) => f !== "quote")
                  .map(([f, [from, to]]) => `; ${FIELD[f] ?? f} from ${describe(f, from)} to ${describe(f, to)}`)
                  .join("")}
              </p>
            )}
            {item.type === "change" && "booking" in item.changes && (
              <p>
                {item.by && <span className="font-semibold">{item.by}: </span>}
                {String(item.changes.booking[1])}
              </p>
            )}
            {item.type === "change" &&
              !("spam" in item.changes) &&
              !("quote" in item.changes) &&
              !("booking" in item.changes) && (
                <p>
                  <span className="font-semibold">{item.by ?? "Someone"}</span> changed{" "}
                  {Object.entries(item.changes)
                    .map(([f, [from, to]]) => `${FIELD[f] ?? f} from ${describe(f, from)} to ${describe(f, to)}`)
                    .join("; ")}
                </p>
              )}
            {item.type === "note" && (
              <>
                <p>
                  <span className="font-semibold">{item.by}</span> added a note
                </p>
                <p className="mt-1 whitespace-pre-line break-words rounded-lg bg-paper p-3 text-sm">{item.body}</p>
              </>
            )}
            {item.type === "email-failed" && (
              // Given up after every attempt: never retried by itself, so staff reach the person another way.
              <p className="text-red-800">
                <span className="font-semibold">E-mail not sent</span> to {item.to}: {item.subject} (tried{" "}
                {item.attempts} times{item.error ? `; last error: ${item.error}` : ""}). Contact them another way.
              </p>
            )}
            {item.type === "email" && (
              <p>
                {item.kind === "auto-reply"
                  ? `Auto-reply e-mailed to the visitor (${item.to})`
                  : item.kind.startsWith("quote")
                    ? `E-mailed to ${item.to}: ${item.subject}`
                    : item.kind === "booking"
                      ? `Calendar invitation e-mailed to ${item.to}: ${item.subject}`
                      : item.kind === "booking-reminder"
                        ? `Survey reminder e-mailed to ${item.to}`
                        : `Notification e-mailed to ${item.to}`}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
