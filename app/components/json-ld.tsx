/** Structured data for search engines. JSON-LD is data, not script, so CSP does not apply to it. */
export function JsonLd({ data }: { data: unknown }) {
  // "<" is escaped so no content can close the script element early.
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
