/**
 * The gallery's filter tabs (spec: All Projects, Partitions, Suspended Ceilings, Shop Ceilings,
 * Repairs) and which project categories each one shows. Projects have six categories; the tabs
 * fold "hair-salon" into Shop Ceilings and "commercial" into Suspended Ceilings.
 */
export const galleryFilters = [
  { id: "all", label: "All Projects", categories: null },
  { id: "partitions", label: "Partitions", categories: ["partitions"] },
  { id: "suspended-ceilings", label: "Suspended Ceilings", categories: ["suspended-ceilings", "commercial"] },
  { id: "shop-ceilings", label: "Shop Ceilings", categories: ["shop-ceilings", "hair-salon"] },
  { id: "repairs", label: "Repairs", categories: ["repairs"] },
] as const satisfies ReadonlyArray<{ id: string; label: string; categories: ReadonlyArray<string> | null }>;

export type GalleryFilter = (typeof galleryFilters)[number];
export type GalleryFilterId = GalleryFilter["id"];

const ALL = galleryFilters[0];

/**
 * The filter named by the ?category= value. A missing, empty or unknown value shows all projects
 * (an old or mistyped link still lands on a useful page; its canonical URL is /gallery anyway).
 */
export function parseGalleryFilter(value: string | null | undefined): GalleryFilter {
  if (!value) return ALL;
  const id = value.trim().toLowerCase();
  return galleryFilters.find((f) => f.id === id) ?? ALL;
}

/** The link for a tab: /gallery for all projects, /gallery?category=<id> otherwise. */
export function galleryFilterHref(id: GalleryFilterId): string {
  return id === "all" ? "/gallery" : `/gallery?category=${id}`;
}

/** Whether a project with this category appears under the filter (null-category projects only under All). */
export function projectMatchesFilter(category: string | null, filter: GalleryFilter): boolean {
  if (filter.categories === null) return true;
  return category !== null && (filter.categories as ReadonlyArray<string>).includes(category);
}

/**
 * The tabs worth showing: All, and each service with at least one project in `categories` (the
 * categories of the published projects). With no projects at all there are no tabs.
 */
export function filtersWithProjects(categories: ReadonlyArray<string>): GalleryFilter[] {
  if (categories.length === 0) return [];
  return galleryFilters.filter(
    (f) => f.categories === null || (f.categories as ReadonlyArray<string>).some((c) => categories.includes(c)),
  );
}
