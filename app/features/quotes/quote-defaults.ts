import type { ContactSubmission } from "~/db/schema";
import type { PriceList } from "~/features/estimate/price-list";
import { defaultPaymentSchedule } from "./payment-schedule";
import { addDays } from "~/features/time/dublin-time";
import { midpointCents, priceItemLine, QUOTE_UNIT_OF } from "./quote-price-lines";
import type { QuoteInput } from "./quote-types";

export const DEFAULT_VALID_DAYS = 30;

/**
 * A new quote's starting point from its lead: the client's name and e-mail, and when the lead came
 * with an instant estimate, its lines (the item at the middle of its price range, each option as
 * its own line), priced from today's price table. A client we work for as a subcontractor
 * (`reverseCharge`) gets the reverse charge, and the client's company name.
 */
export function quoteDefaults(
  lead: ContactSubmission,
  prices: PriceList,
  today: string,
  client: { company: string; reverseCharge: boolean } | null = null,
): QuoteInput {
  const lines: QuoteInput["lines"] = [];
  const e = lead.estimate;
  if (e) {
    const item = prices.items.find((i) => i.key === e.item);
    // Estimates stored before a unit was renamed still get a line, counted as one item.
    const unit = QUOTE_UNIT_OF[e.unit] ?? "item";
    const base = { vatRate: 13.5 as const, optional: false, selected: true, goods: false };
    const itemLine = item
      ? priceItemLine(item, Math.round(e.quantity * 100) / 100)
      : {
          description: e.itemLabel,
          quantity: 1,
          unit: "item" as const,
          unitPriceCents: midpointCents(e.lowEur, e.highEur),
          ...base,
        };
    lines.push(itemLine);
    const itemNet = Math.round(itemLine.quantity * itemLine.unitPriceCents);
    for (const chosen of e.options) {
      const option = prices.options.find((o) => o.key === chosen.key);
      if (!option) continue;
      lines.push(
        option.kind === "percent"
          ? {
              description: `${option.label} (${option.value}% of the work)`,
              quantity: 1,
              unit: "item",
              unitPriceCents: Math.round((itemNet * option.value) / 100),
              ...base,
            }
          : {
              description: option.label,
              quantity: itemLine.quantity,
              unit,
              unitPriceCents: Math.round(option.value * 100),
              ...base,
            },
      );
    }
  }
  return {
    client: {
      name: lead.name,
      company: client?.company ?? "",
      email: lead.email,
      address: e?.place?.label ?? e?.location ?? "",
    },
    lines,
    vatMode: client?.reverseCharge ? "reverse-charge" : "standard",
    validUntil: addDays(today, DEFAULT_VALID_DAYS),
    depositPercent: 0,
    payments: defaultPaymentSchedule(0),
    notes: "",
  };
}
