import { describe, expect, it } from "vitest";
import { values } from "./about-us-content";
import { processSteps as repairSteps } from "./ceiling-repair-content";
import { contactHref } from "./contact-href";
import { benefits as partitionBenefits, systems as partitionSystems } from "./partitions-content";
import { fillPolicyText, sections as privacySections } from "./privacy-policy-content";
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
    expect(values.map((v) => v.title)).toEqual(["Quality", "Customer Service", "Efficiency"]);
  });

  it("partitions page lists the five systems and six benefits", () => {
    expect(partitionSystems.map((s) => s.id)).toEqual(["fire-rated", "acoustic", "glass", "demountable", "drywall"]);
    expect(partitionBenefits).toHaveLength(6);
  });

  it("every placeholder in the privacy notice is one the page fills in", () => {
    const all = privacySections
      .flatMap((s) => [...(s.paragraphs ?? []), ...(s.bullets ?? []), ...(s.after ?? [])])
      .join(" ");
    const filled = fillPolicyText(all, { name: "N", legalName: "L", email: "E", phone: "P", address: "A" });
    expect(filled).not.toMatch(/\{\w+\}/);
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
