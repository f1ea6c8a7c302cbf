import { dublinDay } from "~/features/time/dublin-time";
import { parseReportRange } from "~/features/analytics/report-range";
import { previousVatPeriod, vatPeriodOf } from "~/features/invoices/vat-periods";

export type VatSummaryChoice = "current" | "previous" | "custom";

/**
 * The range a VAT summary page address asks for: this two-month VAT period (the default),
 * ?period=previous, or a custom ?from=&to= read as the API reads it.
 */
export function vatSummaryRange(
  params: URLSearchParams,
  now = new Date(),
): { ok: true; from: string; to: string; choice: VatSummaryChoice } | { ok: false; message: string } {
  const today = dublinDay(now);
  if (params.has("from") || params.has("to")) {
    const parsed = parseReportRange(params.get("from") ?? undefined, params.get("to") ?? undefined, today);
    return parsed.ok ? { ...parsed, choice: "custom" } : parsed;
  }
  if (params.get("period") === "previous") return { ok: true, ...previousVatPeriod(today), choice: "previous" };
  return { ok: true, ...vatPeriodOf(today), choice: "current" };
}
