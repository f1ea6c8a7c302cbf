import { useEffect, useState, type FormEvent } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { TextField } from "~/components/ui/form-field";
import { FormAlert, ShowPasswordBox, useFieldErrors } from "~/components/ui/form";
import { validate } from "~/forms/field-errors";
import { formText } from "~/forms/form-values";
import type { Route } from "./+types/reset-password";
import { AccountCard, AccountNotice } from "./account-card";
import { NEW_PASSWORD_MESSAGES } from "./password-rule";
import { RESET_MESSAGES, ResetPasswordFormSchema } from "./password-reset-schema";
import { findUsableReset, resetPasswordWithLink } from "./password-reset.server";
import { adminHeaders, adminMeta } from "./staff-page-headers";

// The page an e-mailed reset link opens: a new password (twice), or why the link no longer works.
// (POST /api/auth/password-reset/{token} does the same for API clients.)

export const meta: Route.MetaFunction = adminMeta("Set a new password");
export const headers = adminHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  // Not even the shape of a link we send (base64url): 404 rather than a dead link's 410.
  const wellFormed = /^[A-Za-z0-9_-]{16,128}$/.test(params.token);
  const reset = wellFormed ? await findUsableReset(context.services.database.db, params.token) : undefined;
  return data(
    { username: reset?.username ?? null },
    // A dead link says so with its status too.
    {
      status: reset ? 200 : wellFormed ? 410 : 404,
      headers: { ...adminHeaders(), "Referrer-Policy": "no-referrer" },
    },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const password = formText(form, "password");
  const confirmPassword = formText(form, "confirmPassword");
  if (password !== confirmPassword)
    return data(
      {
        status: "invalid" as const,
        message: RESET_MESSAGES.mismatch,
        fieldErrors: { confirmPassword: RESET_MESSAGES.mismatch },
      },
      { status: 400, headers: adminHeaders() },
    );
  const result = await resetPasswordWithLink(
    params.token,
    { password },
    { services: context.services, ip: context.clientIp, logger: context.logger },
  );
  const status = { ok: 200, gone: 410, invalid: 400 }[result.status];
  return data(
    {
      status: result.status,
      message: result.message,
      fieldErrors: result.status === "invalid" ? (result.fieldErrors as Record<string, string>) : {},
    },
    { status, headers: adminHeaders() },
  );
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, show, formRef } = useFieldErrors<"password" | "confirmPassword">(actionData?.fieldErrors);
  // Each answer from the server brings its own field messages (and focus moves to the first).
  useEffect(() => {
    if (actionData) show(actionData.fieldErrors);
  }, [actionData, show]);
  const [showPasswords, setShowPasswords] = useState(false);
  const pending = useNavigation().state === "submitting";

  if (actionData?.status === "ok")
    return (
      <AccountCard heading="Password changed">
        <AccountNotice>{actionData.message}</AccountNotice>
        <p className="mt-5">
          <Link to="/admin/login" className="btn-dark inline-block">
            Sign in
          </Link>
        </p>
      </AccountCard>
    );

  if (!loaderData.username || actionData?.status === "gone")
    return (
      <AccountCard heading="This link no longer works">
        <p className="mt-4">{RESET_MESSAGES.gone}</p>
        <p className="mt-4">
          <Link to="/admin/forgot-password" className="font-semibold text-navy-700 underline underline-offset-2">
            Ask for a new link
          </Link>
        </p>
      </AccountCard>
    );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const result = validate(ResetPasswordFormSchema, {
      password: formText(form, "password"),
      confirmPassword: formText(form, "confirmPassword"),
    });
    show(result.ok ? {} : result.errors);
    if (!result.ok) event.preventDefault();
  }

  return (
    <AccountCard heading="Set a new password">
      <p className="mt-2 text-slate-brand">
        For <strong className="text-navy-900">{loaderData.username}</strong>. Saving it signs this account out on every
        device; then sign in with the new password.
      </p>
      <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
        {actionData?.message && actionData.status === "invalid" && Object.keys(actionData.fieldErrors).length === 0 && (
          <FormAlert>{actionData.message}</FormAlert>
        )}
        {/* The username, for password managers to file the new password under. */}
        <input type="hidden" name="username" autoComplete="username" value={loaderData.username} />
        <TextField
          name="password"
          label="New password"
          type={showPasswords ? "text" : "password"}
          autoComplete="new-password"
          hint={`${NEW_PASSWORD_MESSAGES.rule} A short phrase is easier to remember than a jumble.`}
          error={errors.password}
        />
        <TextField
          name="confirmPassword"
          label="New password again"
          type={showPasswords ? "text" : "password"}
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        <ShowPasswordBox checked={showPasswords} onChange={setShowPasswords} label="Show passwords" />
        <button type="submit" disabled={pending} className="btn-dark w-full">
          {pending ? "Saving..." : "Save new password"}
        </button>
      </Form>
    </AccountCard>
  );
}
