import { describe, expect, it } from "vitest";
import { NEW_PASSWORD_MESSAGES } from "./password-rule";
import { isCommonPassword, newPasswordProblem } from "./password.server";

describe("the new-password rule", () => {
  it("refuses 9 characters and accepts 10 (spaces count)", async () => {
    expect(await newPasswordProblem("plaster-9")).toBe("Password must be at least 10 characters");
    expect(await newPasswordProblem("plaster 10")).toBeNull();
    expect(await newPasswordProblem("x".repeat(257))).toBe(NEW_PASSWORD_MESSAGES.long);
  });

  it("refuses a password on the bundled common list, whatever its case", async () => {
    expect(await isCommonPassword("qwertyuiop")).toBe(true);
    expect(await newPasswordProblem("Password123")).toBe(NEW_PASSWORD_MESSAGES.common);
    expect(await newPasswordProblem("1QAZ2WSX3EDC")).toBe(NEW_PASSWORD_MESSAGES.common);
    expect(await isCommonPassword("Ballymount-grid-ceiling")).toBe(false);
    // The list's comment lines are not passwords.
    expect(await isCommonPassword("# commonly used passwords")).toBe(false);
  });
});
