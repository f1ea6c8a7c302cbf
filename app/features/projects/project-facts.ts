// What a project page says about its work: the site's services it links to, the counties and
// cities that can have an area page, and the rules on slugs and the scope. Plain data and pure
// functions: the admin's form, the API and the public pages share them.

/** The site's services a project can name, each linked to its service page. */
export const PROJECT_SERVICES = [
  { value: "partitions", label: "Office Partitions", path: "/partitions" },
  { value: "suspended-ceilings", label: "Suspended Ceilings", path: "/suspended-ceilings" },
  { value: "shop-ceiling", label: "Shop Ceiling Installation", path: "/shop-ceiling" },
  { value: "ceiling-repair", label: "Ceiling Repairs", path: "/ceiling-repair" },
] as const;
export type ProjectService = (typeof PROJECT_SERVICES)[number]["value"];
export const PROJECT_SERVICE_IDS = PROJECT_SERVICES.map((s) => s.value) as unknown as readonly [
  ProjectService,
  ...ProjectService[],
];
export const projectService = (value: string) => PROJECT_SERVICES.find((s) => s.value === value) ?? null;

/** The counties (and the city) an area page can be about: /areas/<value>. */
export const PROJECT_AREAS = [
  { value: "dublin", label: "Dublin" },
  { value: "kildare", label: "Kildare" },
  { value: "meath", label: "Meath" },
  { value: "wicklow", label: "Wicklow" },
  { value: "louth", label: "Louth" },
  { value: "wexford", label: "Wexford" },
  { value: "carlow", label: "Carlow" },
  { value: "kilkenny", label: "Kilkenny" },
  { value: "laois", label: "Laois" },
  { value: "offaly", label: "Offaly" },
  { value: "westmeath", label: "Westmeath" },
  { value: "longford", label: "Longford" },
] as const;
export type ProjectArea = (typeof PROJECT_AREAS)[number]["value"];
export const PROJECT_AREA_IDS = PROJECT_AREAS.map((a) => a.value) as unknown as readonly [
  ProjectArea,
  ...ProjectArea[],
];
export const projectAreaLabel = (value: string | null) => PROJECT_AREAS.find((a) => a.value === value)?.label ?? null;

/** An area gets its page (and its place in the sitemap and links) only with this much real work. */
export const AREA_PAGE_MIN_PROJECTS = 3;

/** The scope's length in words (spec: 150–300). */
export const SCOPE_WORDS = { min: 150, max: 300 } as const;
export const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

export const SLUG_MAX = 100;
/** A page address made from a title: lowercase letters and digits joined by single hyphens. */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, "");
  return slug || "project";
}
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export { areaPath, projectPath } from "./project-paths";
