import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "~/forms/field-errors";
import { ChangePasswordSchema, NewUserSchema, PASSWORD_MESSAGES, ResetPasswordSchema } from "./users-schema";

const errors = (result: {
  success: boolean;
  error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };
}) => (result.success ? {} : fieldErrorsOf(result.error!));

describe("NewUserSchema", () => {
  it("accepts a generated password without a password field", () => {
    expect(NewUserSchema.safeParse({ username: "  niamh.b ", passwordMode: "generate" })).toMatchObject({
      success: true,
      data: { username: "niamh.b" },
    });
  });

  it("needs a long enough password when the admin chooses one", () => {
    expect(errors(NewUserSchema.safeParse({ username: "niamh", passwordMode: "choose", password: "short" }))).toEqual({
      password: PASSWORD_MESSAGES.short,
    });
    expect(errors(NewUserSchema.safeParse({ username: "niamh", passwordMode: "choose" }))).toEqual({
      password: PASSWORD_MESSAGES.short,
    });
    expect(
      NewUserSchema.safeParse({ username: "niamh", passwordMode: "choose", password: "plaster-board-42" }).success,
    ).toBe(true);
  });

  it("applies the sign-up username rules", () => {
    expect(errors(NewUserSchema.safeParse({ username: "ab", passwordMode: "generate" }))).toEqual({
      username: "Username must be at least 3 characters",
    });
    expect(Object.keys(errors(NewUserSchema.safeParse({ username: "no spaces", passwordMode: "generate" })))).toEqual([
      "username",
    ]);
    expect(Object.keys(errors(NewUserSchema.safeParse({ username: "niamh", passwordMode: "email" })))).toEqual([
      "passwordMode",
    ]);
  });
});

describe("ResetPasswordSchema", () => {
  it("checks a typed password only", () => {
    expect(ResetPasswordSchema.safeParse({ passwordMode: "generate", password: "x" }).success).toBe(true);
    expect(errors(ResetPasswordSchema.safeParse({ passwordMode: "choose", password: "1234567" }))).toEqual({
      password: PASSWORD_MESSAGES.short,
    });
  });
});

describe("ChangePasswordSchema", () => {
  const ok = {
    currentPassword: "old-password",
    newPassword: "suspended-grid-600",
    confirmPassword: "suspended-grid-600",
  };
  it("accepts matching new passwords", () => {
    expect(ChangePasswordSchema.safeParse(ok).success).toBe(true);
  });
  it("says which field is wrong", () => {
    expect(errors(ChangePasswordSchema.safeParse({ ...ok, currentPassword: "" }))).toEqual({
      currentPassword: PASSWORD_MESSAGES.currentRequired,
    });
    expect(errors(ChangePasswordSchema.safeParse({ ...ok, confirmPassword: "suspended-grid-601" }))).toEqual({
      confirmPassword: PASSWORD_MESSAGES.mismatch,
    });
    expect(
      errors(ChangePasswordSchema.safeParse({ ...ok, newPassword: "old-password", confirmPassword: "old-password" })),
    ).toEqual({ newPassword: PASSWORD_MESSAGES.sameAsCurrent });
    expect(errors(ChangePasswordSchema.safeParse({ ...ok, newPassword: "short", confirmPassword: "short" }))).toEqual({
      newPassword: PASSWORD_MESSAGES.short,
    });
  });
});
