import { Link } from "react-router";

/** The estimate page with an item chosen: /estimate?item=glass-partition. */
export const estimateHref = (item?: string) => (item ? `/estimate?item=${encodeURIComponent(item)}` : "/estimate");

/** "Get an Instant Estimate": on every service page, next to its quote button. */
export function EstimateLink({ item, className = "btn-outline" }: { item?: string; className?: string }) {
  return (
    <Link to={estimateHref(item)} className={className}>
      Get an Instant Estimate
    </Link>
  );
}
