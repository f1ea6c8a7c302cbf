import { describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config";
import { demoContent } from "~/features/demo/seed.server";
import {
  filtersWithProjects,
  galleryFilterHref,
  galleryFilters,
  parseGalleryFilter,
  projectMatchesFilter,
} from "./gallery-categories";

describe("gallery filters", () => {
  it("has the spec's tabs, in order", () => {
    expect(galleryFilters.map((f) => f.label)).toEqual([
      "All Projects",
      "Partitions",
      "Suspended Ceilings",
      "Shop Ceilings",
      "Repairs",
    ]);
  });

  it("links each tab to a ?category= URL that works without JavaScript", () => {
    expect(galleryFilters.map((f) => galleryFilterHref(f.id))).toEqual([
      "/gallery",
      "/gallery?category=partitions",
      "/gallery?category=suspended-ceilings",
      "/gallery?category=shop-ceilings",
      "/gallery?category=repairs",
    ]);
  });

  it("reads the category parameter, treating missing or unknown values as all projects", () => {
    expect(parseGalleryFilter("repairs").id).toBe("repairs");
    expect(parseGalleryFilter(" Shop-Ceilings ").id).toBe("shop-ceilings");
    for (const value of [null, undefined, "", "all", "hair-salon", "commercial", "nonsense", "partitions;drop"]) {
      expect(parseGalleryFilter(value).id, String(value)).toBe("all");
    }
  });

  it("folds hair-salon projects into Shop Ceilings and commercial ones into Suspended Ceilings", () => {
    const shop = parseGalleryFilter("shop-ceilings");
    const ceilings = parseGalleryFilter("suspended-ceilings");
    expect(projectMatchesFilter("hair-salon", shop)).toBe(true);
    expect(projectMatchesFilter("shop-ceilings", shop)).toBe(true);
    expect(projectMatchesFilter("commercial", ceilings)).toBe(true);
    expect(projectMatchesFilter("commercial", shop)).toBe(false);
    expect(projectMatchesFilter("repairs", ceilings)).toBe(false);
  });

  it("shows uncategorised projects only under All Projects", () => {
    expect(projectMatchesFilter(null, parseGalleryFilter(null))).toBe(true);
    for (const f of galleryFilters.slice(1)) expect(projectMatchesFilter(null, f)).toBe(false);
  });

  it("puts every demo project under exactly one service tab (3 each)", () => {
    for (const f of galleryFilters.slice(1)) {
      expect(
        demoContent(defaultBusiness).projects.filter((p) => projectMatchesFilter(p.category, f)),
        f.label,
      ).toHaveLength(3);
    }
  });

  it("shows a tab only for a service with projects, and none at all without projects", () => {
    expect(filtersWithProjects([]).map((f) => f.id)).toEqual([]);
    expect(filtersWithProjects(["hair-salon"]).map((f) => f.id)).toEqual(["all", "shop-ceilings"]);
    expect(filtersWithProjects(["partitions", "commercial", "repairs"]).map((f) => f.id)).toEqual([
      "all",
      "partitions",
      "suspended-ceilings",
      "repairs",
    ]);
  });
});
