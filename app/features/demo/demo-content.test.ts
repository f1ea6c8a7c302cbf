import { describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config";
import { seedFaqs, seedPages, seedProjects, seedTestimonials } from "./demo-content";
import { demoContent } from "./seed.server";

describe("demo content", () => {
  it("passes the admin's schema for every row, and is stored exactly as written", () => {
    // demoContent parses each row with the schema the admin uses for that kind (it throws otherwise).
    const content = demoContent(defaultBusiness);
    expect(content.pages).toEqual(seedPages(defaultBusiness));
    expect(content.projects).toEqual(seedProjects);
    expect(content.testimonials).toEqual(seedTestimonials(defaultBusiness));
    expect(content.faqs).toEqual(seedFaqs);
    expect(content.pages.map((p) => p.slug)).toContain("home");
    expect(content.projects).toHaveLength(12);
  });

  it("names the configured business and its contact details, not the defaults", () => {
    const acme = { ...defaultBusiness, name: "Acme Ceilings", phone: "01 234 5678", email: "hello@acme.ie" };
    const text = JSON.stringify(demoContent(acme));
    expect(text).toContain("Suspended Ceilings & Partitions Dublin | Acme Ceilings");
    expect(text).toContain("call us on 01 234 5678");
    expect(text).toContain("e-mail hello@acme.ie");
    expect(text).not.toMatch(/IC Interiors|01 555 0192|info@icinteriors\.ie/);
  });

  it("refuses to seed a row the admin would refuse, naming it", () => {
    const longName = { ...defaultBusiness, name: "A".repeat(250) };
    expect(() => demoContent(longName)).toThrow(
      /Demo page "home" does not pass the admin's checks: metaTitle: Meta title must be at most 255 characters/,
    );
  });
});
