import * as z from "zod/mini";

// The sales pipeline of an enquiry, and staff notes on it: shared by the lead form in the inbox and
// the API (PATCH /api/admin/contacts/:id, POST /api/admin/contacts/:id/notes), which re-checks
// with the same schemas, and by changeLead (change-lead.server.ts), the one writer of a lead's
// move. Whether an assignee exists is for the server to say.

export const LEAD_STATUS_OPTIONS = [
  { value: "new", label: "New" },
  { value: "contacted", label: "Contacted" },
  { value: "quoted", label: "Quoted" },
  { value: "won", label: "Won" },
  { value: "lost", label: "Lost" },
] as const;

export type LeadStatusValue = (typeof LEAD_STATUS_OPTIONS)[number]["value"];
export const LEAD_STATUS_VALUES = LEAD_STATUS_OPTIONS.map((o) => o.value) as [LeadStatusValue, ...LeadStatusValue[]];

export const leadStatusLabel = (status: string): string =>
  LEAD_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status;

export const isLeadStatus = (value: string): value is LeadStatusValue =>
  (LEAD_STATUS_VALUES as string[]).includes(value);

/** The largest value staff can record (a typo guard: no job of theirs is worth €100 million). */
export const MAX_VALUE_EUR = 100_000_000;
export const NOTE_MAX = 5000;
export const LOST_REASON_MAX = 500;

export const LEAD_MESSAGES = {
  status: "Choose New, Contacted, Quoted, Won or Lost",
  valueEur: "Value must be a whole number of euros, 0 or more",
  lostReason: "Say why the job was lost",
  lostReasonLong: `Keep the reason under ${LOST_REASON_MAX} characters`,
  assigneeId: "Choose someone from the staff list",
  followUpAt: "Enter a date and time for the follow-up",
  noteEmpty: "Write a note first",
  noteLong: `A note can be at most ${NOTE_MAX.toLocaleString("en-IE")} characters`,
  nothing: "Send at least one of read, status, valueEur, lostReason, assigneeId or followUpAt.",
} as const;

/**
 * A change to a lead: any of its fields (null clears value, assignee or follow-up). Whether "lost"
 * has a reason depends on what is stored too, so the server checks that on the merged lead
 * (leadProblems below).
 */
export const LeadPatchSchema = z.object({
  read: z.optional(z.boolean({ error: 'Send "read" as true or false' })),
  status: z.optional(z.enum(LEAD_STATUS_VALUES, { error: LEAD_MESSAGES.status })),
  valueEur: z.optional(
    z.nullable(
      z
        .number({ error: LEAD_MESSAGES.valueEur })
        .check(
          z.int({ error: LEAD_MESSAGES.valueEur }),
          z.minimum(0, LEAD_MESSAGES.valueEur),
          z.maximum(MAX_VALUE_EUR, LEAD_MESSAGES.valueEur),
        ),
    ),
  ),
  lostReason: z.optional(
    z.nullable(
      z.string({ error: LEAD_MESSAGES.lostReason }).check(z.maxLength(LOST_REASON_MAX, LEAD_MESSAGES.lostReasonLong)),
    ),
  ),
  assigneeId: z.optional(
    z.nullable(
      z
        .number({ error: LEAD_MESSAGES.assigneeId })
        .check(z.int({ error: LEAD_MESSAGES.assigneeId }), z.positive(LEAD_MESSAGES.assigneeId)),
    ),
  ),
  followUpAt: z.optional(z.nullable(z.iso.datetime({ offset: true, error: LEAD_MESSAGES.followUpAt }))),
});

export type LeadPatch = z.infer<typeof LeadPatchSchema>;
export type LeadField = Exclude<keyof LeadPatch, "read">;
export const LEAD_FIELDS: ReadonlyArray<LeadField> = ["status", "valueEur", "lostReason", "assigneeId", "followUpAt"];

/** Problems with a lead as it would be after a change (the rules that span fields). */
export function leadProblems(lead: { status: string; lostReason: string | null }): Partial<Record<LeadField, string>> {
  return lead.status === "lost" && !lead.lostReason?.trim() ? { lostReason: LEAD_MESSAGES.lostReason } : {};
}

export const NoteSchema = z.object({
  body: z
    .string({ error: LEAD_MESSAGES.noteEmpty })
    .check(z.trim(), z.minLength(1, LEAD_MESSAGES.noteEmpty), z.maxLength(NOTE_MAX, LEAD_MESSAGES.noteLong)),
});
