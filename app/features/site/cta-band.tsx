import type { ReactNode } from "react";

// Its own module (not page-sections.tsx): the gallery, blog, project and sitemap pages end with this
// band and use nothing else of the content pages' sections. Ten of the public pages end with it, so
// it ships in the layout chunk (vite.config.ts) rather than as a file of its own.

/** The closing amber band: a heading, a sentence and buttons (btn-dark / btn-outline read well on amber). */
export function CtaBand({
  id,
  heading,
  text,
  children,
}: {
  id: string;
  heading: string;
  text: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="bg-amber-brand py-14 text-navy-950" aria-labelledby={id}>
      <div className="container-page flex flex-col items-start justify-between gap-6 lg:flex-row lg:items-center">
        <div>
          <h2 id={id} className="text-3xl font-bold">
            {heading}
          </h2>
          <p className="mt-2 max-w-2xl text-lg">{text}</p>
        </div>
        <div className="flex flex-wrap gap-3">{children}</div>
      </div>
    </section>
  );
}
