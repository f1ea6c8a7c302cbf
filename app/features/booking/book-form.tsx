import { useRef, useState, type FormEvent, type MouseEvent } from "react";
import { useNavigate } from "react-router";
import { HoneypotField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { SERVICE_OPTIONS } from "~/features/contact/contact-fields";
import { LazyEstimateSummary } from "~/features/estimate/lazy-estimate-summary";
import type { StoredEstimate } from "~/features/estimate/stored-estimate";
import { readAttribution, UTM_KEYS, type Attribution } from "~/features/leads/attribution";
import type { FieldErrors } from "~/forms/field-errors";
import type { BookingField } from "./booking-schema";
import { TimeChoices, WeekDays, type WeekNav } from "./slot-picker";

// /book's form: the week's days and times, then the visitor's details. Changing the day keeps what
// was typed: without JavaScript each day is a submit button that posts the form back to the
// page's action (so the e-mail and phone never go into an address); with JavaScript the press
// becomes a navigation to ?date= and the fields, left as they are, keep their values.

export const BOOK_FIELDS = ["name", "email", "phone", "eircode", "address", "service", "message"] as const;
export type BookValues = Partial<Record<(typeof BOOK_FIELDS)[number] | "start", string>>;

export type BookFormProps = {
  choices: WeekNav & {
    firstDay: string;
    lastDay: string;
    lastDayLabel: string;
    selectedLabel: string;
    times: Array<{ value: string; label: string }>;
  };
  /** A day asked for that cannot be booked, in words. */
  problem: string | null;
  /** The booking was refused as a whole (taken, rate limited…). */
  error: string | null;
  fieldErrors: FieldErrors<BookingField>;
  values: BookValues;
  formToken: string;
  estimate: (StoredEstimate & { id: string }) | null;
  attribution: Attribution;
};

/** Copies the session's attribution (kept since the visit's first page) into the hidden fields. */
function fillAttribution(form: HTMLFormElement) {
  const stored = readAttribution();
  if (!stored) return;
  const set = (name: string, value: string | undefined) => {
    const input = form.elements.namedItem(name);
    if (input instanceof HTMLInputElement && value) input.value = value;
  };
  set("landingPage", stored.landingPage);
  set("referrer", stored.referrer);
  for (const key of UTM_KEYS) set(key, stored.utm?.[key]);
}

export function BookForm({
  choices,
  problem,
  error,
  fieldErrors: errors,
  values,
  formToken,
  estimate,
  attribution,
}: BookFormProps) {
  const honeypot = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  // The first token stays: the minimum fill time counts from when the form was first shown.
  const [token] = useState(formToken);
  const { selected, firstDay, lastDay } = choices;
  const goTo = (date: string) => void navigate(`/book?date=${date}`, { preventScrollReset: true });
  const pickDay = (date: string, event: MouseEvent) => {
    event.preventDefault();
    goTo(date);
  };
  const showDate = (event: MouseEvent<HTMLButtonElement>) => {
    const date = event.currentTarget.form?.elements.namedItem("goto");
    const value = date instanceof HTMLInputElement ? date.value : "";
    // A day outside the bookable ones posts to the server, which answers with words.
    if (value && value >= firstDay && value <= lastDay) pickDay(value, event);
  };

  return (
    <form
      method="post"
      action={selected ? `/book?date=${selected}#when-heading` : "/book#when-heading"}
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => fillAttribution(event.currentTarget)}
      className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]"
    >
      {/* Enter in a field books (the form's first submit button is its default), not a day change. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      <section
        aria-labelledby="when-heading"
        className="space-y-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10 sm:p-8"
      >
        <h2 id="when-heading" className="text-2xl font-semibold">
          1. Choose a day and time
        </h2>
        {(problem ?? error) && (
          <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800">
            {problem ?? error}
          </p>
        )}
        <WeekDays week={choices} control={{ kind: "button", name: "day", onPick: pickDay }} />
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            label="Or go to a date"
            name="goto"
            type="date"
            min={firstDay}
            max={lastDay}
            defaultValue={selected ?? ""}
            hint={`Surveys can be booked until ${choices.lastDayLabel}.`}
          />
          <button type="submit" name="intent" value="show" formNoValidate className="btn-outline" onClick={showDate}>
            Show times
          </button>
        </div>
        {choices.times.length ? (
          <TimeChoices
            legend={`Times on ${choices.selectedLabel} (Irish time)`}
            times={choices.times}
            checked={values.start}
            error={errors.start}
          />
        ) : (
          selected && (
            <p className="font-medium">No survey times are free on {choices.selectedLabel}: please pick another day.</p>
          )
        )}
      </section>
      <section
        aria-labelledby="details-heading"
        className="space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10 sm:p-8"
      >
        <h2 id="details-heading" className="text-2xl font-semibold">
          2. Your details
        </h2>
        {estimate && (
          <div>
            <LazyEstimateSummary estimate={estimate} heading="Your estimate, sent with this booking" />
            <input type="hidden" name="estimateId" value={estimate.id} />
          </div>
        )}
        <input type="hidden" name="formToken" value={token} />
        <HoneypotField id="book-website" inputRef={honeypot} />
        <input type="hidden" name="landingPage" defaultValue={attribution.landingPage ?? ""} />
        <input type="hidden" name="referrer" defaultValue={attribution.referrer ?? ""} />
        {UTM_KEYS.map((key) => (
          <input key={key} type="hidden" name={key} defaultValue={attribution.utm?.[key] ?? ""} />
        ))}
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          defaultValue={values.name}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={errors.email}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          hint="The surveyor rings if they are running late."
          defaultValue={values.phone}
          error={errors.phone}
        />
        <TextField
          label="Eircode"
          name="eircode"
          autoComplete="postal-code"
          hint="Or give the address below."
          defaultValue={values.eircode}
          error={errors.eircode}
        />
        <TextField
          label="Site address"
          name="address"
          autoComplete="street-address"
          optional
          defaultValue={values.address}
          error={errors.address}
        />
        <SelectField
          label="Service"
          name="service"
          optional
          defaultValue={values.service ?? ""}
          error={errors.service}
          options={[{ value: "", label: "Not sure yet" }, ...SERVICE_OPTIONS.map((s) => ({ value: s, label: s }))]}
        />
        <TextAreaField
          label="Anything the surveyor should know"
          name="message"
          optional
          rows={3}
          defaultValue={values.message}
          error={errors.message}
        />
        <button type="submit" className="btn-primary w-full">
          Book my free survey
        </button>
        <p className="text-sm text-slate-brand">
          You will get a calendar invitation by e-mail, with a link to change the time or cancel.
        </p>
      </section>
    </form>
  );
}
