import { diffLines, diffWordsWithSpace } from "diff";
import type { PageChange, PageSnapshot } from "~/db/schema";
import type { PageFields } from "~/features/pages/fields/field-dsl";

// What changed between two versions of a page, field by field, as the history shows it: the words
// removed and added (lines, for lists). jsdiff ("diff" on npm: no dependencies, runs anywhere) does
// the comparing. Long unchanged stretches are shortened, so a revision stays small.

const TOP_LABELS: Record<Exclude<keyof PageSnapshot, "fields">, string> = {
  title: "Title",
  description: "Description",
  content: "Content",
  metaTitle: "Meta title",
  metaDescription: "Meta description",
};

/** A field value as text: a list one entry per line, entries of objects as "Part: value" lines. */
export function valueAsText(value: unknown): string {
  if (value == null) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value))
    return value
      .map((entry) =>
        typeof entry === "object" && entry !== null
          ? Object.values(entry as Record<string, unknown>)
              .map((v) => String(v))
              .join(" · ")
          : String(entry),
      )
      .join("\n");
  if (typeof value === "object") {
    const { label, href } = value as { label?: unknown; href?: unknown };
    if (typeof label === "string" && typeof href === "string") return `${label} → ${href}`;
  }
  return JSON.stringify(value);
}

const CONTEXT = 60;

function shorten(parts: PageChange["parts"]): PageChange["parts"] {
  return parts.map((p, i) => {
    if (p.added || p.removed || p.value.length <= CONTEXT * 2 + 10) return p;
    const head = i === 0 ? "" : p.value.slice(0, CONTEXT);
    const tail = i === parts.length - 1 ? "" : p.value.slice(-CONTEXT);
    return { value: `${head}…${tail}` };
  });
}

function diffValues(before: unknown, after: unknown, multiline: boolean): PageChange["parts"] {
  const a = valueAsText(before);
  const b = valueAsText(after);
  const raw = multiline ? diffLines(a, b) : diffWordsWithSpace(a, b);
  return shorten(
    raw.map((c) => ({
      value: c.value,
      ...(c.added ? { added: true as const } : {}),
      ...(c.removed ? { removed: true as const } : {}),
    })),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ between two versions, with a word (or line) diff of each. */
export function pageChanges(
  before: PageSnapshot | null,
  after: PageSnapshot,
  declared: PageFields | null,
): PageChange[] {
  const changes: PageChange[] = [];
  for (const [key, label] of Object.entries(TOP_LABELS) as Array<[keyof typeof TOP_LABELS, string]>) {
    if (!same(before?.[key], after[key]))
      changes.push({ field: key, label, parts: diffValues(before?.[key], after[key], key === "content") });
  }
  const names = new Set([...Object.keys(before?.fields ?? {}), ...Object.keys(after.fields)]);
  for (const name of names) {
    const a = before?.fields[name];
    const b = after.fields[name];
    if (same(a, b)) continue;
    const field = declared?.fields[name];
    const multiline = Array.isArray(a) || Array.isArray(b) || field?.kind === "markdown";
    changes.push({ field: `fields.${name}`, label: field?.label ?? name, parts: diffValues(a, b, multiline) });
  }
  return changes;
}
