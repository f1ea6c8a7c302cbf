// The day and time chooser of /book and the manage page, as plain HTML: a week of days with the
// weeks before and after, each time a radio button in the page's form. It needs no JavaScript:
// the manage page's days are links (?date=); /book's are buttons of its form, so a day change posts
// back what the visitor typed (a page with JavaScript turns the press into a navigation instead).
import type { MouseEvent, ReactNode } from "react";
import type { ChoiceDay } from "./slots";

export type SlotTime = { value: string; label: string };

export type WeekNav = {
  days: ChoiceDay[];
  selected: string | null;
  previousWeek: string | null;
  nextWeek: string | null;
};

/** How a day is picked: a link to `hrefFor(date)`, or a submit button `name=date` of the page's form. */
export type DayControl =
  | { kind: "link"; hrefFor: (date: string) => string }
  | { kind: "button"; name: string; onPick?: (date: string, event: MouseEvent) => void };

/** A day's look: the one shown, one to pick, or one with no times (plain text, still readable). */
const dayClass = (state: "current" | "open" | "none") =>
  `flex min-h-11 w-full flex-col items-center justify-center rounded-md border px-3 py-1.5 text-sm font-semibold ${
    state === "current"
      ? "border-navy-900 bg-navy-900 text-white"
      : state === "open"
        ? "border-slate-brand/40 bg-white text-navy-900 hover:border-navy-900"
        : "border-dashed border-slate-brand/40 bg-white text-slate-brand"
  }`;

function Pick({
  control,
  date,
  className,
  current,
  children,
}: {
  control: DayControl;
  date: string;
  className: string;
  current?: boolean;
  children: ReactNode;
}) {
  const currentDate = current ? ("date" as const) : undefined;
  return control.kind === "link" ? (
    <a href={control.hrefFor(date)} className={className} aria-current={currentDate}>
      {children}
    </a>
  ) : (
    <button
      type="submit"
      name={control.name}
      value={date}
      formNoValidate
      className={className}
      aria-current={currentDate}
      onClick={control.onPick ? (event) => control.onPick!(date, event) : undefined}
    >
      {children}
    </button>
  );
}

export function WeekDays({ week, control }: { week: WeekNav; control: DayControl }) {
  const { days, selected, previousWeek, nextWeek } = week;
  return (
    <nav aria-label="Days with free survey times" className="space-y-3">
      <div className="flex flex-wrap justify-between gap-2">
        {previousWeek ? (
          <Pick control={control} date={previousWeek} className="btn-outline !min-h-10 text-sm">
            ← Previous week
          </Pick>
        ) : (
          <span />
        )}
        {nextWeek && (
          <Pick control={control} date={nextWeek} className="btn-outline !min-h-10 text-sm">
            Next week →
          </Pick>
        )}
      </div>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-7">
        {days.map((d) => {
          const current = d.date === selected;
          const note = d.holiday ?? (d.count === 0 ? "No times" : `${d.count} ${d.count === 1 ? "time" : "times"}`);
          const body = (
            <>
              <span>{d.label}</span>
              <span className="text-xs font-normal">{note}</span>
            </>
          );
          return (
            <li key={d.date}>
              {d.count > 0 ? (
                <Pick
                  control={control}
                  date={d.date}
                  className={dayClass(current ? "current" : "open")}
                  current={current}
                >
                  {body}
                </Pick>
              ) : (
                <span aria-current={current ? "date" : undefined} className={dayClass(current ? "current" : "none")}>
                  {body}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function TimeChoices({
  legend,
  times,
  checked,
  error,
}: {
  legend: string;
  times: SlotTime[];
  checked?: string;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? "start-error" : undefined}>
      <legend className="font-medium">{legend}</legend>
      <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
        {times.map((t) => (
          <label
            key={t.value}
            className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-slate-brand/40 bg-white px-2 font-semibold has-[:checked]:border-navy-900 has-[:checked]:bg-mist"
          >
            <input
              type="radio"
              name="start"
              value={t.value}
              required
              defaultChecked={t.value === checked}
              className="accent-navy-900"
            />
            {t.label}
          </label>
        ))}
      </div>
      {error && (
        <p id="start-error" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
