import { useId, useState } from "react";

// A staff member's days off, each picked with a date input (never typed as text): a list the
// office adds to and removes from; the form reads them all by name.

export function DaysOffField({ name, initial, error }: { name: string; initial: string[]; error?: string }) {
  const id = useId();
  const [days, setDays] = useState(() => initial.map((date, i) => ({ key: i, date })));
  const [nextKey, setNextKey] = useState(initial.length);
  return (
    <fieldset className="mt-5" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="font-medium">Days off</legend>
      {days.length === 0 && <p className="text-sm text-slate-brand">None.</p>}
      <ul className="mt-2 flex flex-wrap gap-3">
        {days.map((d, i) => (
          <li key={d.key} className="flex items-center gap-2">
            <input
              type="date"
              name={name}
              aria-label={`Day off ${i + 1}`}
              defaultValue={d.date}
              className="min-h-11 rounded-md border border-slate-brand/40 px-3"
            />
            <button
              type="button"
              className="btn-outline !min-h-10 text-sm"
              aria-label={`Remove day off ${i + 1}`}
              onClick={() => setDays((list) => list.filter((x) => x.key !== d.key))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn-outline mt-3 !min-h-10 text-sm"
        onClick={() => {
          setDays((list) => [...list, { key: nextKey, date: "" }]);
          setNextKey((k) => k + 1);
        }}
      >
        Add a day off
      </button>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
