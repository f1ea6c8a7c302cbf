// The estimate rule (docs/architecture.md, "Instant estimate"), as a pure function of the price table:
//
//   item     quantity × the item's low and high price per unit
//   options  a percentage option adds that share of the item's low and high amounts;
//            a € per m² option adds quantity × its price to both (m² items only)
//   total    the sum of those lines, each end rounded to the nearest €10 (a half rounds up),
//            then raised to the minimum job charge if it is below it
//
// Sums are kept in cents so that 0.1 + 0.2 never decides a rounding.
import {
  formatEuro,
  formatOptionValue,
  formatQuantity,
  formatRate,
  type PriceItem,
  type PriceList,
  type PriceOption,
} from "./price-list";

export type EstimateLine = { label: string; lowEur: number; highEur: number };

export type EstimateRange = {
  lowEur: number;
  highEur: number;
  /** How the sum was made, in order: the item, each option, the rounded total, the minimum charge. */
  lines: EstimateLine[];
  /** Whether the minimum job charge set either end. */
  minimumApplied: boolean;
};

export const MAX_QUANTITY = 20_000;

const cents = (euros: number) => Math.round(euros * 100);
const euros = (c: number) => c / 100;
/** Nearest €10, a half up: 12,499 cents → €120, 12,500 → €130. */
export const roundToTenEuros = (c: number) => Math.round(c / 1000) * 10;

export function computeEstimate(
  list: Pick<PriceList, "minimumChargeEur">,
  item: PriceItem,
  quantity: number,
  options: ReadonlyArray<PriceOption>,
): EstimateRange {
  const itemLow = cents(quantity * item.low);
  const itemHigh = cents(quantity * item.high);
  const lines: EstimateLine[] = [
    {
      label: `${item.label}: ${formatQuantity(quantity, item.unit)} at ${formatRate(item)}`,
      lowEur: euros(itemLow),
      highEur: euros(itemHigh),
    },
  ];
  let low = itemLow;
  let high = itemHigh;
  for (const option of options) {
    const [addLow, addHigh, how] =
      option.kind === "percent"
        ? [Math.round((itemLow * option.value) / 100), Math.round((itemHigh * option.value) / 100), "of the work"]
        : [cents(quantity * option.value), cents(quantity * option.value), `on ${formatQuantity(quantity, "m2")}`];
    low += addLow;
    high += addHigh;
    lines.push({
      label: `${option.label}: ${formatOptionValue(option)} ${how}`,
      lowEur: euros(addLow),
      highEur: euros(addHigh),
    });
  }
  const roundedLow = roundToTenEuros(low);
  const roundedHigh = roundToTenEuros(high);
  lines.push({ label: "Total, rounded to the nearest €10", lowEur: roundedLow, highEur: roundedHigh });
  const minimum = list.minimumChargeEur;
  const lowEur = Math.max(roundedLow, minimum);
  const highEur = Math.max(roundedHigh, minimum);
  const minimumApplied = lowEur !== roundedLow || highEur !== roundedHigh;
  if (minimumApplied) lines.push({ label: `Minimum job charge of ${formatEuro(minimum)}`, lowEur, highEur });
  return { lowEur, highEur, lines, minimumApplied };
}
