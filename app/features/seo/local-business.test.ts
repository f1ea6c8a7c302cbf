import { describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config";
import { buildLocalBusinessJsonLd, statedRating } from "./local-business";

describe("buildLocalBusinessJsonLd", () => {
  const data = buildLocalBusinessJsonLd({
    business: defaultBusiness,
    siteUrl: "https://www.example.ie",
    reviews: [{ name: "Aoife Brennan", content: "Finished over a weekend.", stars: 5 }],
  });

  it("is a GeneralContractor (a LocalBusiness subtype) with the business's contact details", () => {
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("GeneralContractor");
    expect(data.name).toBe("IC Interiors");
    expect(data.url).toBe("https://www.example.ie/");
    expect(data.telephone).toBe("+35315550192");
    expect(data.email).toBe("info@icinteriors.ie");
    expect(data.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Unit 7, Ballymount Business Park",
      addressLocality: "Dublin 12",
      addressRegion: "Co. Dublin",
      postalCode: "D12 X5F8",
      addressCountry: "IE",
    });
    expect(data.geo).toEqual({ "@type": "GeoCoordinates", latitude: 53.3162, longitude: -6.3545 });
  });

  it("opens Monday to Friday, 08:00 to 18:00", () => {
    expect(data.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "08:00",
        closes: "18:00",
      },
    ]);
  });

  it("serves a 50 km circle around the business", () => {
    expect(data.areaServed).toEqual({
      "@type": "GeoCircle",
      geoMidpoint: { "@type": "GeoCoordinates", latitude: 53.3162, longitude: -6.3545 },
      geoRadius: 50000,
    });
  });

  it("claims no aggregate rating until the business sets one, and embeds reviews", () => {
    expect(data).not.toHaveProperty("aggregateRating");
    expect(data.review).toEqual([
      {
        "@type": "Review",
        author: { "@type": "Person", name: "Aoife Brennan" },
        reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
        reviewBody: "Finished over a weekend.",
      },
    ]);
  });

  it("follows business overrides", () => {
    const other = buildLocalBusinessJsonLd({
      business: {
        ...defaultBusiness,
        name: "Other Ltd",
        serviceRadiusMetres: 30000,
        rating: { value: 4.5, count: 10, best: 5, worst: 1, source: "Google reviews" },
      },
      siteUrl: "https://other.example",
      reviews: [],
    });
    expect(other.name).toBe("Other Ltd");
    expect(other.areaServed.geoRadius).toBe(30000);
    expect(other.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.5,
      reviewCount: 10,
      bestRating: 5,
      worstRating: 1,
    });
    expect(other.review).toEqual([]);
  });

  it("states the published verified reviews' figures once there is one, else the stated rating (issue 39)", () => {
    const stated = {
      ...defaultBusiness,
      rating: { value: 4.9, count: 47, best: 5, worst: 1, source: "Google reviews" },
    };
    const build = (verified: { count: number; average: number | null }) =>
      buildLocalBusinessJsonLd({ business: stated, siteUrl: "https://www.example.ie", reviews: [], verified });
    expect(build({ count: 0, average: null }).aggregateRating).toMatchObject({ ratingValue: 4.9, reviewCount: 47 });
    expect(build({ count: 2, average: 4.5 }).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    const dated = buildLocalBusinessJsonLd({
      business: stated,
      siteUrl: "https://www.example.ie",
      reviews: [
        {
          name: "Verified client",
          content: "Tidy.",
          stars: 4,
          verified: true,
          createdAt: new Date("2026-11-28T23:30:00Z"),
        },
      ],
    });
    // The day in Dublin.
    expect(dated.review[0]).toMatchObject({ datePublished: "2026-11-28" });
  });

  it("once a verified review is published, states its rating and embeds only verified reviews, as the home page says", () => {
    const sample = { ...defaultBusiness, rating: { value: 4.9, count: 47, best: 5, worst: 1, source: "sample" } };
    const reviews = [
      {
        name: "Verified client",
        content: "The grid went up in a weekend.",
        stars: 5,
        verified: true,
        createdAt: new Date("2026-11-20T10:00:00Z"),
      },
      { name: "Declan Moran", content: "Sample words.", stars: 5 },
      { name: "Aoife Brennan", content: "More sample words.", stars: 4 },
    ];
    const before = buildLocalBusinessJsonLd({
      business: sample,
      siteUrl: "https://www.example.ie",
      reviews: reviews.slice(1),
    });
    expect(statedRating(before)).toEqual({ value: 4.9, count: 47 });
    expect(before.review).toHaveLength(2);

    const after = buildLocalBusinessJsonLd({
      business: sample,
      siteUrl: "https://www.example.ie",
      reviews,
      verified: { count: 1, average: 5 },
    });
    expect(after.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    expect(statedRating(after)).toEqual({ value: 5, count: 1 });
    expect(after.review.map((r) => r.author.name)).toEqual(["Verified client"]);
    expect(after.review[0]).toMatchObject({ datePublished: "2026-11-20" });
  });
});
