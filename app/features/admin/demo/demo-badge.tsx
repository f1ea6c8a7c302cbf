/**
 * Marks a row of seeded demo content in the admin lists: written for a fictional business, so it
 * should not stay on a real business's site. Editing the row makes it the business's own.
 */
export function DemoBadge({ demo }: { demo: boolean }) {
  if (!demo) return null;
  return (
    <span
      className="ml-2 inline-block whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-bold text-amber-900"
      title="Demo content: written for a fictional business. Edit it to make it yours, or remove all demo content from the dashboard."
    >
      Demo
    </span>
  );
}
