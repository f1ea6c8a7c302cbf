import { describe, expect, it } from "vitest";
import { cleanText } from "./clean-text";

describe("cleanText", () => {
  it("replaces lone surrogates and normalises", () => {
    expect(cleanText("a\uD800b")).toBe("a\uFFFDb");
    expect(cleanText("Cafe\u0301")).toBe("Café");
  });
});
