import { describe, expect, it } from "vitest";
import { CODE_MESSAGE, isSixDigitCode, SixDigitCodeSchema } from "./code-schema";

describe("SixDigitCodeSchema", () => {
  it("takes six digits, with spaces anywhere, and answers them without the spaces", () => {
    expect(SixDigitCodeSchema.parse("123456")).toBe("123456");
    expect(SixDigitCodeSchema.parse(" 123 456 ")).toBe("123456");
    expect(SixDigitCodeSchema.parse("0 0 0 0 0 1")).toBe("000001");
  });

  it("refuses anything else with one message", () => {
    for (const bad of ["", "12345", "1234567", "abcdef", "12a456", "abcde-23456", "１２３４５６"]) {
      const result = SixDigitCodeSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CODE_MESSAGE);
    }
    expect(SixDigitCodeSchema.safeParse(123456).error?.issues[0]?.message).toBe(CODE_MESSAGE);
  });

  it("tells app codes from recovery codes", () => {
    expect(isSixDigitCode("123456")).toBe(true);
    expect(isSixDigitCode(" 123 456 ")).toBe(true);
    expect(isSixDigitCode("abcde-23456")).toBe(false);
    expect(isSixDigitCode("12345")).toBe(false);
  });
});
