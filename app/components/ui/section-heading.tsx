import type { ReactNode } from "react";

/**
 * A centred section title (h2 by default) with a short intro underneath. The id is for the
 * section's aria-labelledby, so each page section is a named region.
 */
export function SectionHeading({
  id,
  title,
  children,
  level = 2,
  tone = "light",
}: {
  id: string;
  title: string;
  children?: ReactNode;
  level?: 2 | 3;
  /** "dark" for sections on a navy background. */
  tone?: "light" | "dark";
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className="mx-auto max-w-3xl text-center">
      <Heading id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </Heading>
      {children && (
        <p className={`mt-4 text-lg leading-relaxed ${tone === "dark" ? "text-white/85" : "text-slate-brand"}`}>
          {children}
        </p>
      )}
    </div>
  );
}
