import { describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config";
import * as aboutUs from "./about-us-content";
import { fillBusinessText } from "./business-text";
import { processSteps as repairSteps } from "./ceiling-repair-content";
import { contactHref } from "./contact-href";
import { benefits as partitionBenefits, systems as partitionSystems } from "./partitions-content";
import * as home from "./home-content";
import { intro as privacyIntro, sections as privacySections } from "./privacy-policy-content";
import { processSteps as specialistSteps } from "./shop-ceiling-specialists-content";

// Labels the spec fixes word for word.
describe("page copy", () => {
  it("repair process has the four steps, in order", () => {
    expect(repairSteps.map((s) => s.title)).toEqual([
      "Assessment and diagnosis",
      "Tailored solution",
      "Professional execution",
      "Quality assurance",
    ]);
  });

  it("shop ceiling process has the four steps, in order", () => {
    expect(specialistSteps.map((s) => s.title)).toEqual([
      "Consultation",
      "Design and quote",
      "Installation",
      "Completion and support",
    ]);
  });

  it("about page has the three values", () => {
    expect(aboutUs.values.map((v) => v.title)).toEqual(["Quality", "Customer Service", "Efficiency"]);
  });

  it("partitions page lists the five systems and six benefits", () => {
    expect(partitionSystems.map((s) => s.id)).toEqual(["fire-rated", "acoustic", "glass", "demountable", "drywall"]);
    expect(partitionBenefits).toHaveLength(6);
  });

  it("every placeholder in the copy is one the pages fill in from the business config", () => {
    const all = JSON.stringify([privacyIntro, privacySections, aboutUs, home]);
    const acme = {
      ...defaultBusiness,
      name: "Acme Ceilings",
      legalName: "Acme Ceilings Ltd",
      phone: "01 234 5678",
      email: "hello@acme.ie",
    };
    const filled = fillBusinessText(all, acme);
    expect(filled).not.toMatch(/\{\w+\}/);
    // The copy names the configured business, never the default one.
    expect(filled).toContain("About Acme Ceilings");
    expect(filled).toContain("Call 01 234 5678");
    expect(filled).toContain("Acme Ceilings Ltd");
    expect(filled).not.toMatch(/IC Interiors|01 555 0192|icinteriors/);
  });
});

describe("contactHref", () => {
  it("preselects the contact form's service choice", () => {
    expect(contactHref()).toBe("/contact-us");
    expect(contactHref("Partitions")).toBe("/contact-us?service=Partitions");
    expect(contactHref("Shop Ceiling Installation")).toBe("/contact-us?service=Shop%20Ceiling%20Installation");
    expect(contactHref("Ceiling Repairs")).toBe("/contact-us?service=Ceiling%20Repairs");
  });
});
