import * as z from "zod/mini";
import { ROLES } from "~/features/auth/access";
import { newPasswordSchema, RegisterSchema } from "~/features/auth/auth-schema";
import { NEW_PASSWORD_MESSAGES } from "~/features/auth/password-rule";
import { requiredText } from "~/forms/schema-fields";

// Shared by the users page, the account page and their API: one schema per form.

export const PASSWORD_MESSAGES = {
  short: NEW_PASSWORD_MESSAGES.short,
  long: NEW_PASSWORD_MESSAGES.long,
  mismatch: "The two passwords don't match",
  currentRequired: "Enter your current password",
  sameAsCurrent: "Choose a password different from your current one",
} as const;

/** A password someone chooses here: the one rule for new passwords (the server adds the common-password check). */
const newPassword = newPasswordSchema;

/** Whether the password is generated (shown once) or typed by the admin; only a typed one is checked. */
const passwordChoice = {
  passwordMode: z.enum(["generate", "choose"], { error: "Choose how to set the password" }),
  password: z.optional(z.string()),
};

function checkTypedPassword(ctx: {
  value: { passwordMode: "generate" | "choose"; password?: string | undefined };
  issues: z.core.$ZodRawIssue[];
}) {
  if (ctx.value.passwordMode !== "choose") return;
  const result = newPassword().safeParse(ctx.value.password ?? "");
  if (!result.success)
    ctx.issues.push({
      code: "custom",
      path: ["password"],
      message: result.error.issues[0]!.message,
      input: ctx.value.password,
    });
}

export const ROLE_MESSAGE = "Choose a role: owner, office, editor or crew";
const role = () => z.enum(ROLES, { error: ROLE_MESSAGE });

export const FULL_NAME_MAX = 80;
export const FULL_NAME_REQUIRED = "Enter a full name";

/** How clients and colleagues read a person ("Niamh Byrne"): trimmed, 1 to 80 characters. */
const fullName = () => requiredText({ label: "Full name", min: 1, message: FULL_NAME_REQUIRED, max: FULL_NAME_MAX });

/** Set a full name: a user's own on My Account, or anyone's on the Users page. */
export const FullNameSchema = z.object({ fullName: fullName() });

/**
 * Add a user: a username, a full name (the Users page always asks; left out of an API call, the
 * username stands in until one is set), a role (editor unless said: the least an account can do)
 * and either a password the admin types or one the server generates (shown once).
 */
export const NewUserSchema = z
  .object({
    username: RegisterSchema.shape.username,
    fullName: z.optional(fullName()),
    role: z._default(role(), "editor"),
    ...passwordChoice,
  })
  .check(checkTypedPassword);

/** Change a user: their role. */
export const UpdateUserSchema = z.object({ role: role() });

/** Reset another user's password: generated, or typed by the admin. */
export const ResetPasswordSchema = z.object(passwordChoice).check(checkTypedPassword);

/** Change your own password: the current one, then the new one twice. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: PASSWORD_MESSAGES.currentRequired })
      .check(z.minLength(1, PASSWORD_MESSAGES.currentRequired), z.maxLength(256, PASSWORD_MESSAGES.long)),
    newPassword: newPassword(),
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.mismatch }),
  })
  .check((ctx) => {
    const { currentPassword, newPassword: next, confirmPassword } = ctx.value;
    if (next !== confirmPassword)
      ctx.issues.push({
        code: "custom",
        path: ["confirmPassword"],
        message: PASSWORD_MESSAGES.mismatch,
        input: confirmPassword,
      });
    else if (next === currentPassword)
      ctx.issues.push({ code: "custom", path: ["newPassword"], message: PASSWORD_MESSAGES.sameAsCurrent, input: next });
  });

export const TwoFactorPolicySchema = z.object({
  required: z.boolean({ error: 'Send {"required": true} or {"required": false}.' }),
});

export type NewUserInput = z.infer<typeof NewUserSchema>;
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;
