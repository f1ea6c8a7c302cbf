// The day and time chooser of /book and the manage page, as plain HTML: each day is a link that
// reloads the page with ?date=, each time a radio button in the page's form. It needs no JavaScript.

export type SlotDay = { date: string; label: string; count: number };
export type SlotTime = { value: string; label: string };

export function DayLinks({
  days,
  selected,
  hrefFor,
}: {
  days: SlotDay[];
  selected: string | null;
  hrefFor: (date: string) => string;
}) {
  return (
    <nav aria-label="Days with free survey times">
      <ul className="flex flex-wrap gap-2">
        {days.map((d) => (
          <li key={d.date}>
            <a
              href={hrefFor(d.date)}
              aria-current={d.date === selected ? "date" : undefined}
              className={`flex min-h-11 flex-col items-center justify-center rounded-md border px-3 py-1.5 text-sm font-semibold ${
                d.date === selected
                  ? "border-navy-900 bg-navy-900 text-white"
                  : "border-slate-brand/40 bg-white text-navy-900 hover:border-navy-900"
              }`}
            >
              <span>{d.label}</span>
              <span className="text-xs font-normal">
                {d.count} {d.count === 1 ? "time" : "times"}
              </span>
            </a>
          </li>
        ))}
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
