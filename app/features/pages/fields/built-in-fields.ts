import { builtInPages } from "~/features/pages/built-in-pages";
import type { PageFields } from "./field-dsl";

// Every built-in page's field declaration, by its pages-table slug: for the admin API (checking
// and answering fields) and the admin editor (the form). Public pages import only their own.
// A page the list (built-in-pages.ts) marks `fields: true` declares them next to its route module:
// features/site/partitions.tsx in features/site/partitions-fields.ts.

/** The field modules beside the route modules, by path ("/app/features/site/home-fields.ts"). */
const fieldModules = import.meta.glob<Record<string, unknown>>("/app/features/*/*-fields.ts", { eager: true });

const isPageFields = (value: unknown): value is PageFields =>
  typeof value === "object" && value !== null && "slug" in value && "fields" in value && "name" in value;

/** Where a built-in page's fields are declared: its route module's name with `-fields.ts`. */
export const fieldsModulePath = (routeFile: string) => `/app/${routeFile.replace(/\.tsx?$/, "")}-fields.ts`;

function declaredFields(page: (typeof builtInPages)[number]): PageFields {
  const exported = Object.values(fieldModules[fieldsModulePath(page.file)] ?? {});
  const fields = exported.find((value) => isPageFields(value) && value.slug === page.slug);
  if (!fields) throw new Error(`${page.path}: no fields for "${page.slug}" in ${fieldsModulePath(page.file)}`);
  return fields as PageFields;
}

const bySlug = new Map<string, PageFields>(
  builtInPages.filter((p) => p.fields).map((p) => [p.slug, declaredFields(p)]),
);

export const allBuiltInPageFields: ReadonlyArray<PageFields> = [...bySlug.values()];

/** The fields a built-in page declares, or null (a staff page, or a built-in page without fields). */
export const builtInPageFields = (slug: string): PageFields | null => bySlug.get(slug) ?? null;
