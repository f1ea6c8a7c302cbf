import { describe, expect, it } from "vitest";
import { LeadMetaSchema } from "./lead-meta-schema";

describe("LeadMetaSchema", () => {
  it("keeps only utm_* tags and drops malformed extras instead of refusing the enquiry", () => {
    expect(
      LeadMetaSchema.parse({
        landingPage: "/shop-ceiling?utm_source=google",
        referrer: 42,
        utm: { utm_source: "google", utm_medium: "cpc", other: "x", utm_term: 5 },
      }),
    ).toEqual({
      landingPage: "/shop-ceiling?utm_source=google",
      referrer: undefined,
      utm: { utm_source: "google", utm_medium: "cpc" },
      formToken: undefined,
      website: undefined,
    });
  });

  it("flags a non-string honeypot as a bot", () => {
    expect(LeadMetaSchema.parse({ website: { a: 1 } }).website).toBe("bot");
  });
});
