import { describe, expect, it } from "vitest";
import {
  generateRecoveryCodes,
  hashRecoveryCode,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
} from "./recovery-codes.server";

describe("recovery codes", () => {
  it("makes ten different readable codes like abcde-23456, without look-alike characters", () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(codes.join("")).not.toMatch(/[01ilo]/);
  });

  it("compares ignoring case, dashes and spaces", () => {
    expect(normaliseRecoveryCode(" AbCdE-23456 ")).toBe("abcde23456");
    expect(normaliseRecoveryCode("abcde 23456")).toBe("abcde23456");
    const stored = hashRecoveryCode("abcde-23456");
    for (const typed of ["abcde-23456", "ABCDE-23456", "abcde23456", " abcde 23456 ", "AbCdE - 23456"])
      expect(hashRecoveryCode(typed)).toBe(stored);
    expect(hashRecoveryCode("abcde-23457")).not.toBe(stored);
  });

  it("stores a SHA-256, never the code", () => {
    const hash = hashRecoveryCode("abcde-23456");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("abcde");
  });
});
