import { type FormEvent } from "react";
import { data } from "react-router";
import { Card } from "~/components/ui/card";
import { CheckboxField, TextField } from "~/components/ui/form-field";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { addDays, dublinDay, WEEKDAYS, type Weekday } from "~/features/time/dublin-time";
import { irishHolidaysBetween } from "~/features/time/irish-holidays";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { useMutation } from "../list/mutation";
import type { Route } from "./+types/availability-page";
import { AVAILABILITY_LIMITS, availabilityErrors } from "./availability-schema";
import { getAvailability } from "./availability.server";
import { DaysOffField } from "./days-off-field";

// Who does site surveys and when: the business-wide survey settings, then one card per staff member
// with their weekly hours (several ranges a day, typed "09:00-13:00, 14:00-17:00") and days off
// (date inputs). Public holidays offer no surveys unless opened here, date by date.

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Availability");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/availability");
  const today = dublinDay(new Date());
  // The coming year's holidays: each can be opened for surveys on its own.
  const holidays = irishHolidaysBetween(today, addDays(today, 365));
  return data({ ...(await getAvailability(context.services.database.db)), holidays }, { headers: adminHeaders() });
}

const DAY_NAMES: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

const rangesText = (ranges: Array<[string, string]>) => ranges.map(([a, b]) => `${a}-${b}`).join(", ");

/** "09:00-13:00, 14:00-17:00" → [["09:00","13:00"],["14:00","17:00"]]; anything unreadable is kept for the server to name. */
function parseRanges(text: string): Array<[string, string]> {
  return text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [from = "", to = ""] = part.split(/\s*[-–—]\s*|\s+to\s+/);
      const pad = (t: string) => (/^\d:\d\d$/.test(t) ? `0${t}` : t);
      return [pad(from.trim()), pad(to.trim())];
    });
}

const holidayDate = new Intl.DateTimeFormat("en-IE", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

export default function AvailabilityPage({ loaderData }: Route.ComponentProps) {
  const a = loaderData;
  const { mutate, pending, fieldErrors, showFieldErrors, formRef } = useMutation<string>();
  const errorFor = (name: string) =>
    Object.entries(fieldErrors as Record<string, string | undefined>).find(
      ([key]) => key === name || key.startsWith(`${name}.`),
    )?.[1];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
    const num = (name: string) => (text(name).trim() === "" ? NaN : Number(text(name)));
    const body = {
      surveyMinutes: num("surveyMinutes"),
      bufferMinutes: num("bufferMinutes"),
      noticeHours: num("noticeHours"),
      horizonDays: num("horizonDays"),
      // Opened holidays already past (not listed any more) stay opened: they offer nothing now.
      openHolidays: [
        ...a.openHolidays.filter((d) => !a.holidays.some((h) => h.date === d)),
        ...form.getAll("openHolidays").filter((v): v is string => typeof v === "string"),
      ],
      staff: a.staff.map((s, i) => ({
        userId: s.userId,
        surveys: form.get(`staff.${i}.surveys`) === "on",
        hours: Object.fromEntries(WEEKDAYS.map((d) => [d, parseRanges(text(`staff.${i}.hours.${d}`))])),
        daysOff: form.getAll(`staff.${i}.daysOff`).filter((v): v is string => typeof v === "string" && v !== ""),
      })),
    };
    const errors = availabilityErrors(body);
    if (Object.keys(errors).length) return showFieldErrors(errors);
    await mutate("PUT", "/api/admin/availability", body, {
      success: { title: "Availability saved", description: "The booking page offers the new times from now on." },
      failure: "Failed to save availability",
    });
  }

  const number = (name: keyof typeof AVAILABILITY_LIMITS, label: string, hint: string) => (
    <TextField
      name={name}
      label={label}
      type="number"
      inputMode="numeric"
      min={AVAILABILITY_LIMITS[name][0]}
      max={AVAILABILITY_LIMITS[name][1]}
      required
      hint={hint}
      defaultValue={a[name]}
      error={errorFor(name)}
    />
  );

  return (
    <>
      <h1 className="text-3xl font-bold">Availability</h1>
      <p className="mt-2 text-slate-brand">
        When visitors can book a free site survey on the website. All times are Irish time; the booking page only offers
        times inside someone's hours, after the minimum notice and clear of other surveys plus the buffer.
      </p>
      <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="mt-8 grid gap-6">
        <Card title="Surveys">
          <div className="mt-4 grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
            {number("surveyMinutes", "Survey length (minutes)", "How long one visit takes.")}
            {number("bufferMinutes", "Buffer (minutes)", "Travel and notes between two surveys.")}
            {number("noticeHours", "Minimum notice (hours)", "The earliest a survey can be booked.")}
            {number("horizonDays", "Horizon (days)", "How far ahead visitors can book (at most 180).")}
          </div>
        </Card>
        <Card title="Open on public holidays">
          <p className="mt-1 text-sm text-slate-brand">
            Irish public holidays offer no surveys. Tick a holiday to offer surveys on it as on any other day.
          </p>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {a.holidays.map((h) => (
              <li key={h.date}>
                <CheckboxField
                  name="openHolidays"
                  value={h.date}
                  label={`Open on ${h.name}, ${holidayDate.format(new Date(`${h.date}T12:00:00Z`))}`}
                  defaultChecked={a.openHolidays.includes(h.date)}
                />
              </li>
            ))}
          </ul>
          {errorFor("openHolidays") && (
            <p className="mt-2 text-sm font-medium text-red-700">{errorFor("openHolidays")}</p>
          )}
        </Card>
        {a.staff.map((s, i) => (
          <Card key={s.userId} title={s.username}>
            {!s.hasEmail && (
              <p className="mt-1 text-sm text-slate-brand">
                No e-mail address on My Account: survey invitations cannot reach {s.username} until one is set.
              </p>
            )}
            <CheckboxField
              className="mt-4"
              name={`staff.${i}.surveys`}
              label="Does site surveys"
              defaultChecked={s.surveys}
              error={errorFor(`staff.${i}.surveys`)}
            />
            <fieldset className="mt-5">
              <legend className="font-medium">Weekly hours</legend>
              <p className="text-sm text-slate-brand">
                Ranges such as 09:00-13:00, 14:00-17:00 on a 5-minute step; leave a day empty for none.
              </p>
              <div className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
                {WEEKDAYS.map((d) => (
                  <TextField
                    key={d}
                    name={`staff.${i}.hours.${d}`}
                    label={DAY_NAMES[d]}
                    defaultValue={rangesText(s.hours[d])}
                    error={errorFor(`staff.${i}.hours.${d}`)}
                  />
                ))}
              </div>
            </fieldset>
            <DaysOffField name={`staff.${i}.daysOff`} initial={s.daysOff} error={errorFor(`staff.${i}.daysOff`)} />
          </Card>
        ))}
        <div>
          <button type="submit" className="btn-dark" disabled={pending}>
            {pending ? "Saving..." : "Save availability"}
          </button>
        </div>
      </form>
    </>
  );
}
