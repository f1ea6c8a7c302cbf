import * as z from "zod/mini";
import { cleanedString, maxChars } from "~/forms/schema-fields";
import { EIRCODE_PATTERN, formatEircode } from "~/features/booking/booking-schema";
import { QuoteLineSchema, quoteErrorsOf } from "~/features/quotes/quote-schema";
import { JOB_SERVICES } from "./job-checklists";
import { JOB_STATUSES } from "./job-status";

// What staff send about jobs: a new job without a quote (POST /api/admin/jobs), a change
// (PUT /api/admin/jobs/:id) and a day on the programme (POST /api/admin/jobs/:id/days). One
// schema each, for the admin's forms (instant errors) and the API (the final word). Errors are
// keyed by the full path ("site.address.1", "staffIds").

export const JOB_LIMITS = {
  title: 200,
  addressLines: 6,
  addressLine: 120,
  notes: 10_000,
  note: 500,
  staff: 20,
} as const;

export const JOB_MESSAGES = {
  body: "Send the job as a JSON object.",
  clientId: "Choose the client (clientId: a client's id)",
  title: "Give the job a title",
  address: "Enter the site address, one line per entry (at least one line)",
  addressLine: `Keep each address line under ${JOB_LIMITS.addressLine} characters`,
  eircode: "Enter a valid Eircode, such as D02 X285, or leave it empty",
  service: `Service must be one of ${JOB_SERVICES.join(", ")}`,
  status: `Status must be one of ${JOB_STATUSES.join(", ")}`,
  start: "Enter the start as a date and time with its offset, e.g. 2026-03-30T08:00:00+01:00",
  end: "Enter the end as a date and time with its offset, e.g. 2026-03-30T17:00:00+01:00",
  endAfterStart: "The end must be after the start",
  staffIds: "Choose at least one member of staff for the day",
  staffMany: `At most ${JOB_LIMITS.staff} people on one day`,
  allowClash: "Send true or false",
} as const;

const addressLine = z.pipe(
  cleanedString(JOB_MESSAGES.address),
  z.string().check(z.maxLength(JOB_LIMITS.addressLine, JOB_MESSAGES.addressLine)),
);

export const JobSiteSchema = z.pipe(
  z.object({
    address: z.pipe(
      z.pipe(
        z.array(addressLine, { error: JOB_MESSAGES.address }).check(z.maxLength(JOB_LIMITS.addressLines)),
        z.transform((lines: string[]) => lines.filter(Boolean)),
      ),
      // The crew need somewhere to go: blank lines do not count.
      z.array(z.string()).check(z.minLength(1, JOB_MESSAGES.address)),
    ),
    eircode: z._default(
      z.pipe(
        cleanedString(JOB_MESSAGES.eircode),
        z.union([z.literal(""), z.string().check(z.regex(EIRCODE_PATTERN, JOB_MESSAGES.eircode))], {
          error: JOB_MESSAGES.eircode,
        }),
      ),
      "",
    ),
  }),
  z.transform((site) => ({ address: site.address, eircode: site.eircode && formatEircode(site.eircode) })),
);

const title = z.pipe(
  cleanedString(JOB_MESSAGES.title),
  z.string().check(z.minLength(1, JOB_MESSAGES.title), maxChars(JOB_LIMITS.title, "Title")),
);

export const NewJobSchema = z.object({
  clientId: z
    .number({ error: JOB_MESSAGES.clientId })
    .check(z.int(JOB_MESSAGES.clientId), z.positive(JOB_MESSAGES.clientId)),
  title,
  site: JobSiteSchema,
  service: z.optional(z.nullable(z.enum(JOB_SERVICES, { error: JOB_MESSAGES.service }))),
  lines: z._default(z.array(QuoteLineSchema).check(z.maxLength(200)), []),
});

export const JobChangeSchema = z.object({
  status: z.optional(z.enum(JOB_STATUSES, { error: JOB_MESSAGES.status })),
  title: z.optional(title),
  site: z.optional(JobSiteSchema),
  notes: z.optional(
    z.pipe(cleanedString("Send the notes as text", true), z.string().check(maxChars(JOB_LIMITS.notes, "Notes"))),
  ),
});

const instant = (message: string) =>
  z.pipe(
    z.string({ error: message }).check(z.iso.datetime({ offset: true, error: message })),
    z.transform((v: string) => new Date(v)),
  );

export const JobDaySchema = z
  .object({
    start: instant(JOB_MESSAGES.start),
    end: instant(JOB_MESSAGES.end),
    staffIds: z
      .array(z.number().check(z.int(), z.positive()), { error: JOB_MESSAGES.staffIds })
      .check(z.minLength(1, JOB_MESSAGES.staffIds), z.maxLength(JOB_LIMITS.staff, JOB_MESSAGES.staffMany)),
    note: z._default(
      z.pipe(cleanedString("Send the note as text", true), z.string().check(maxChars(JOB_LIMITS.note, "Note"))),
      "",
    ),
    allowClash: z._default(z.boolean({ error: JOB_MESSAGES.allowClash }), false),
  })
  .check(
    // Runs even when a field failed (its value then is not a Date): only two good times compare.
    z.refine((d) => !(d.start instanceof Date && d.end instanceof Date) || d.end.getTime() > d.start.getTime(), {
      message: JOB_MESSAGES.endAfterStart,
      path: ["end"],
    }),
  );

export type NewJobInput = z.infer<typeof NewJobSchema>;
export type JobChange = z.infer<typeof JobChangeSchema>;
export type JobDayInput = z.infer<typeof JobDaySchema>;

export type JobErrors = Record<string, string>;
export type Checked<T> = { ok: true; data: T } | { ok: false; errors: JobErrors };

/** Parses a JSON body with one of the schemas above: the data, or the first message per path. */
export function checkJobInput<T>(schema: z.ZodMiniType<T>, raw: unknown): Checked<T> {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    return { ok: false, errors: { body: JOB_MESSAGES.body } };
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: quoteErrorsOf(parsed.error) };
}
