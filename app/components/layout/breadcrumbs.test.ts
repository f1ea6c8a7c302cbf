import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, buildCrumbs, titleCase } from "./breadcrumbs";

describe("buildCrumbs", () => {
  it("uses the friendly labels from the spec for known segments", () => {
    const cases: Array<[string, string]> = [
      ["/partitions", "Office Partitions"],
      ["/suspended-ceilings", "Suspended Ceilings"],
      ["/shop-ceiling", "Shop Ceiling Installation"],
      ["/shop-ceiling-specialists", "Shop Ceiling Specialists"],
      ["/ceiling-repair", "Ceiling Repairs"],
      ["/gallery", "Project Gallery"],
      ["/about-us", "About Us"],
      ["/contact", "Contact Us"],
      ["/contact-us", "Contact Us"],
    ];
    for (const [path, label] of cases) {
      expect(buildCrumbs(path)).toEqual([
        { label: "Home", path: "/" },
        { label, path },
      ]);
    }
  });

  it("title-cases unknown segments and builds one crumb per segment", () => {
    expect(buildCrumbs("/blog/shop-ceiling-trends/")).toEqual([
      { label: "Home", path: "/" },
      { label: "Blog", path: "/blog" },
      { label: "Shop Ceiling Trends", path: "/blog/shop-ceiling-trends" },
    ]);
  });

  it("names a blog post from its address, not its title (the spec's rule for unknown segments)", () => {
    expect(buildCrumbs("/blog/ceiling-grants").map((c) => c.label)).toEqual(["Home", "Blog", "Ceiling Grants"]);
  });

  it("gives only Home on the home page (the bar is not shown there)", () => {
    expect(buildCrumbs("/")).toEqual([{ label: "Home", path: "/" }]);
  });
});

describe("titleCase", () => {
  it("drops an .html ending and decodes escapes", () => {
    expect(titleCase("sitemap-display.html")).toBe("Sitemap Display");
    expect(titleCase("d%C3%BAn-laoghaire")).toBe("Dún Laoghaire");
    expect(titleCase("%E0%A4%A")).toBe("%E0%A4%A");
  });
});

describe("breadcrumbJsonLd", () => {
  it("lists absolute URLs in order from position 1", () => {
    const data = breadcrumbJsonLd(buildCrumbs("/blog/shop-ceiling-trends"), "https://www.example.ie");
    expect(data["@type"]).toBe("BreadcrumbList");
    expect(data.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://www.example.ie/" },
      { "@type": "ListItem", position: 2, name: "Blog", item: "https://www.example.ie/blog" },
      {
        "@type": "ListItem",
        position: 3,
        name: "Shop Ceiling Trends",
        item: "https://www.example.ie/blog/shop-ceiling-trends",
      },
    ]);
  });
});

describe("a booking's page", () => {
  it("names the page without its secret token", () => {
    expect(buildCrumbs("/booking/GIVO8RW0qXZk0WwjTbXK7QqA")).toEqual([
      { label: "Home", path: "/" },
      { label: "Your Site Survey", path: "/booking/GIVO8RW0qXZk0WwjTbXK7QqA" },
    ]);
    expect(buildCrumbs("/book").map((c) => c.label)).toEqual(["Home", "Book a Site Survey"]);
  });
});
