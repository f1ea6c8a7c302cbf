import { Link } from "react-router";
import type { RequiredPriceItem } from "./required-price-items";

/** The estimate page with an item chosen: /estimate?item=glass-partition. */
export const estimateHref = (item?: string) => (item ? `/estimate?item=${encodeURIComponent(item)}` : "/estimate");

/**
 * "Get an Instant Estimate": on every service page, next to its quote button. The item is one the
 * price table keeps (REQUIRED_PRICE_ITEMS), so the button never opens a removed item.
 */
export function EstimateLink({ item, className = "btn-outline" }: { item?: RequiredPriceItem; className?: string }) {
  return (
    <Link to={estimateHref(item)} className={className}>
      Get an Instant Estimate
    </Link>
  );
}
