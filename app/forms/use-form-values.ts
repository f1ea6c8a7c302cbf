import { useCallback, useRef, useState } from "react";

/**
 * A form's values, where each change builds on the change before it even when several arrive before
 * React renders again. Fields typed or autofilled before a public page hydrated are each announced
 * to React with an input event, one after another in the same turn
 * (features/site/hydrate-on-interaction.server.ts): a handler that spread the rendered `values`
 * kept only the last field and emptied the others.
 */
export function useFormValues<T extends object>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const latest = useRef(values);
  /** Replaces every value (a reset, a new form after a send). */
  const replace = useCallback((next: T) => {
    latest.current = next;
    setValues(next);
  }, []);
  /** Changes some values on top of the latest ones; answers the whole result. */
  const patch = useCallback(
    (change: Partial<T>, derive?: (next: T) => T): T => {
      const merged = { ...latest.current, ...change };
      const next = derive ? derive(merged) : merged;
      replace(next);
      return next;
    },
    [replace],
  );
  return { values, latest, patch, replace };
}
