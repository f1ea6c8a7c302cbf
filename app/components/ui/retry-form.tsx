import { useLocation, useRevalidator } from "react-router";

/**
 * "Try again" for a page whose data failed to load. With JavaScript it asks the loaders once more;
 * before JavaScript has loaded it is a GET of this same address, its query kept, so it works too.
 */
export function RetryForm({ className }: { className?: string }) {
  const revalidator = useRevalidator();
  const { pathname, search } = useLocation();
  const retrying = revalidator.state === "loading";
  return (
    <form method="get" action={pathname} className={className}>
      {[...new URLSearchParams(search)].map(([name, value], i) => (
        <input key={i} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className="btn-dark"
        disabled={retrying}
        onClick={(e) => {
          e.preventDefault();
          void revalidator.revalidate();
        }}
      >
        {retrying ? "Trying again…" : "Try again"}
      </button>
    </form>
  );
}
