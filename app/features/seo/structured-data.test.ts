import { describe, expect, it } from "vitest";
import { buildArticleJsonLd, buildFaqPageJsonLd } from "./structured-data";

describe("buildFaqPageJsonLd", () => {
  it("turns rows into Questions with accepted Answers, in order", () => {
    const data = buildFaqPageJsonLd([
      { question: "How long?", answer: "3 to 5 days." },
      { question: "Out of hours?", answer: "Yes." },
    ]);
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [
        { "@type": "Question", name: "How long?", acceptedAnswer: { "@type": "Answer", text: "3 to 5 days." } },
        { "@type": "Question", name: "Out of hours?", acceptedAnswer: { "@type": "Answer", text: "Yes." } },
      ],
    });
  });
});

describe("buildArticleJsonLd", () => {
  it("names the company as author and publisher with absolute URLs", () => {
    const data = buildArticleJsonLd({
      headline: "Shop Ceiling Trends for Irish Retailers",
      description: "What retailers choose.",
      path: "/blog/shop-ceiling-trends",
      datePublished: "2025-06-01",
      image: "/images/blog/shop-ceiling-trends.svg",
      siteUrl: "https://www.example.ie",
      organisation: { name: "IC Interiors", logo: "/favicon.svg" },
    });
    expect(data["@type"]).toBe("Article");
    expect(data.headline).toBe("Shop Ceiling Trends for Irish Retailers");
    expect(data.datePublished).toBe("2025-06-01");
    expect(data.dateModified).toBe("2025-06-01");
    expect(data.author).toEqual({ "@type": "Organization", name: "IC Interiors", url: "https://www.example.ie/" });
    expect(data.publisher).toMatchObject({
      "@type": "Organization",
      name: "IC Interiors",
      logo: { "@type": "ImageObject", url: "https://www.example.ie/favicon.svg" },
    });
    expect(data.image).toEqual(["https://www.example.ie/images/blog/shop-ceiling-trends.svg"]);
    expect(data.mainEntityOfPage).toEqual({
      "@type": "WebPage",
      "@id": "https://www.example.ie/blog/shop-ceiling-trends",
    });
  });
});
