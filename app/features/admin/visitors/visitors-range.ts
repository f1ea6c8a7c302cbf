import { addDays, dublinDay } from "~/features/time/dublin-time";
import { parseReportRange } from "~/features/analytics/report-range";

/** The Visitors page's date-range presets, by their value in ?range=. */
export const RANGE_PRESETS = [
  { value: "7d", label: "7 days", days: 7 },
  { value: "30d", label: "30 days", days: 30 },
  { value: "12m", label: "12 months", days: 365 },
] as const;

export type RangePreset = (typeof RANGE_PRESETS)[number]["value"];

/**
 * The range a Visitors page address asks for: a preset (?range=7d|30d|12m, 30 days by default)
 * ending today, or ?from=&to= as the API takes them.
 */
export function visitorsRange(
  params: URLSearchParams,
  now = new Date(),
): { ok: true; from: string; to: string; preset: RangePreset | null } | { ok: false; message: string } {
  const today = dublinDay(now);
  if (params.has("from") || params.has("to")) {
    const parsed = parseReportRange(params.get("from") ?? undefined, params.get("to") ?? undefined, today);
    return parsed.ok ? { ...parsed, preset: null } : parsed;
  }
  const preset = RANGE_PRESETS.find((p) => p.value === params.get("range")) ?? RANGE_PRESETS[1];
  return { ok: true, from: addDays(today, -(preset.days - 1)), to: today, preset: preset.value };
}
