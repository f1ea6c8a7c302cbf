// The small language built-in pages declare their editable copy in (`<page>-fields.ts`, next to the
// page). A declaration names each field, its kind, its label and help for the admin form, its
// limits, and its default: today's copy of the page, word for word, so a page nobody edited reads
// as it always has. Plain data and types only (no zod, no React): public pages import just the
// types, the admin form and the API derive the rest (field-schema.ts, the page field form).

type Common = {
  /** The form's label. */
  label: string;
  /** Help under the label: what the text is for, where it shows. */
  help?: string;
};

/** One line: a heading, a button label, a price. */
export type TextField = Common & { kind: "text"; max: number; optional?: boolean; default: string };
/** A paragraph of plain text (a text area; line breaks kept as spaces by the page). */
export type ParagraphField = Common & { kind: "paragraph"; max: number; optional?: boolean; default: string };
/** Long text in Markdown (headings, lists, links, emphasis, tables), rendered on the server. */
export type MarkdownField = Common & { kind: "markdown"; max: number; default: string };
/** A link or call to action: the words on it and where it goes. */
export type LinkField = Common & { kind: "link"; default: LinkValue };
/** A list of short texts (checklist points, price factors). */
export type ListField = Common & {
  kind: "list";
  /** What one entry is called ("Point"): "Point 3", "Add point". */
  itemLabel: string;
  /** Characters per entry. */
  max: number;
  minItems: number;
  maxItems: number;
  default: string[];
};
/** The parts of one entry of a list of objects. */
export type ItemPart = Common & { kind: "text" | "paragraph"; max: number; optional?: boolean };
/** A list of objects (process steps, price lines, question-and-answer pairs). */
export type ItemsField = Common & {
  kind: "items";
  itemLabel: string;
  parts: Record<string, ItemPart>;
  minItems: number;
  maxItems: number;
  default: Array<Record<string, string>>;
};

export type PageField = TextField | ParagraphField | MarkdownField | LinkField | ListField | ItemsField;
export type LinkValue = { label: string; href: string };

/** A built-in page's fields: its pages-table slug and the fields in form order. */
export type PageFields<F extends Record<string, PageField> = Record<string, PageField>> = {
  slug: string;
  /** The page's name in the admin ("Suspended Ceilings"). */
  name: string;
  fields: F;
};

type ValueOf<F extends PageField> = F extends LinkField
  ? LinkValue
  : F extends ListField
    ? string[]
    : F extends ItemsField
      ? Array<{ [K in keyof F["parts"]]: string }>
      : string;

/** The values of a page's fields, as its route receives them from the loader. */
export type FieldValues<P extends PageFields> = { [K in keyof P["fields"]]: ValueOf<P["fields"][K]> };
/** Any page's field values (the API and the admin form, which handle every page). */
export type AnyFieldValue = string | string[] | LinkValue | Array<Record<string, string>>;
export type AnyFieldValues = Record<string, AnyFieldValue>;

export const text = (o: Omit<TextField, "kind" | "max"> & { max?: number }): TextField => ({
  kind: "text",
  max: 200,
  ...o,
});
export const paragraph = (o: Omit<ParagraphField, "kind" | "max"> & { max?: number }): ParagraphField => ({
  kind: "paragraph",
  max: 1500,
  ...o,
});
export const markdown = (o: Omit<MarkdownField, "kind" | "max"> & { max?: number }): MarkdownField => ({
  kind: "markdown",
  max: 20_000,
  ...o,
});
export const link = (o: Omit<LinkField, "kind">): LinkField => ({ kind: "link", ...o });
export const list = (
  o: Omit<ListField, "kind" | "max" | "minItems" | "maxItems"> & { max?: number; minItems?: number; maxItems?: number },
): ListField => ({ kind: "list", max: 300, minItems: 1, maxItems: 20, ...o });
export function items<P extends Record<string, ItemPart>>(
  o: Omit<ItemsField, "kind" | "parts" | "default" | "minItems" | "maxItems"> & {
    parts: P;
    default: ReadonlyArray<{ [K in keyof P]: string }>;
    minItems?: number;
    maxItems?: number;
  },
): ItemsField & { parts: P } {
  return { kind: "items", minItems: 1, maxItems: 20, ...o, default: o.default.map((d) => ({ ...d })) };
}
/** A short part of an entry (a title, a price). */
export const part = (o: Omit<ItemPart, "kind" | "max"> & { max?: number }): ItemPart => ({
  kind: "text",
  max: 200,
  ...o,
});
/** A paragraph part of an entry (a step's description, an answer). */
export const paragraphPart = (o: Omit<ItemPart, "kind" | "max"> & { max?: number }): ItemPart => ({
  kind: "paragraph",
  max: 1500,
  ...o,
});

export const definePageFields = <F extends Record<string, PageField>>(page: PageFields<F>): PageFields<F> => page;

/** Every field's default: what the page shows until staff change it. */
export function fieldDefaults(page: PageFields): AnyFieldValues {
  return Object.fromEntries(Object.entries(page.fields).map(([name, field]) => [name, structuredClone(field.default)]));
}

/** Help shared by fields whose copy may name the business: the placeholders the page fills in. */
export const BUSINESS_PLACEHOLDERS_HELP =
  "{name}, {legalName}, {phone}, {email}, {address}, {area} and {hours} (the opening hours) are replaced by the business details.";

/**
 * The three hero fields most built-in pages open with: the small line above the heading, the
 * heading (the page's h1) and the introduction, defaulting to the page's own copy.
 */
export const heroFields = (hero: { eyebrow: string; heading: string; lead: string }) => ({
  heroEyebrow: text({ label: "Hero: small line above the heading", default: hero.eyebrow }),
  heroHeading: text({ label: "Hero: heading", help: "The page's main heading (h1).", default: hero.heading }),
  heroLead: paragraph({ label: "Hero: introduction", default: hero.lead }),
});
