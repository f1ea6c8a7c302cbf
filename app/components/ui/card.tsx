import { useId, type ReactNode, type Ref } from "react";

/** A titled panel: a white box whose heading names it for screen readers (a region of the page). */
export function Card({
  title,
  large = false,
  headingRef,
  className = "",
  children,
}: {
  title: ReactNode;
  /** The larger heading, for the page's main panel. */
  large?: boolean;
  /** For a page that moves focus to the heading (it then becomes focusable by script only). */
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6 ${className}`}
    >
      <h2
        id={id}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className={`${large ? "text-xl" : "text-lg"} font-semibold`}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
