import { describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config";
import { seedFaqs, seedPages, seedProjects, seedTestimonials } from "./demo-content";
import { demoContent } from "./seed.server";

describe("demo content", () => {
  it("passes the admin's schema for every row, and is stored exactly as written", () => {
    // demoContent parses each row with the schema the admin uses for that kind (it throws otherwise).
    const content = demoContent(defaultBusiness);
    expect(content.pages).toEqual(seedPages);
    // Every field as written; a project with only the old single image gets it as its one photo.
    expect(content.projects).toEqual(seedProjects.map(({ photos, ...p }) => expect.objectContaining(p)));
    expect(content.projects.filter((p) => p.scope)).toHaveLength(4);
    for (const p of content.projects) expect(p.photos[0]).toMatchObject({ src: p.imageSrc, alt: p.altText });
    expect(content.testimonials).toEqual(seedTestimonials(defaultBusiness));
    expect(content.faqs).toEqual(seedFaqs);
    expect(content.pages.map((p) => p.slug)).toContain("home");
    expect(content.projects).toHaveLength(12);
  });

  it("writes the business's facts in the pages and FAQs as placeholders, so Settings > Business fills them", () => {
    const acme = { ...defaultBusiness, name: "Acme Ceilings", phone: "01 234 5678", email: "hello@acme.ie" };
    const { pages, faqs, testimonials } = demoContent(acme);
    const text = JSON.stringify({ pages, faqs });
    expect(text).toContain("Suspended Ceilings & Partitions Dublin | {name}");
    expect(text).toContain("call us on {phone}");
    expect(text).toContain("e-mail {email}");
    expect(text).toContain("our base at {area}");
    expect(text).not.toMatch(/Acme|IC Interiors|01 555 0192|info@icinteriors\.ie|Ballymount|Dublin 12/);
    // The testimonials are a customer's own words: they name the business as it was when seeded.
    expect(JSON.stringify(testimonials)).toContain("Acme Ceilings");
  });

  it("refuses to seed a row the admin would refuse, naming it", () => {
    const longName = { ...defaultBusiness, name: "A".repeat(5000) };
    expect(() => demoContent(longName)).toThrow(
      /Demo testimonial "[^"]+" does not pass the admin's checks: content: Testimonial content must be at most 5,000 characters/,
    );
  });
});
