import { useEffect, useState, type FormEvent } from "react";
import { data, Form, useNavigation } from "react-router";
import { TextField } from "~/components/ui/form-field";
import { FormAlert, useFieldErrors } from "~/components/ui/form";
import { validate } from "~/forms/field-errors";
import { formText } from "~/forms/form-values";
import type { Route } from "./+types/forgot-password";
import { AccountCard, AccountNotice } from "./account-card";
import { RESET_LINK_MINUTES, ResetRequestSchema } from "./password-reset-schema";
import { requestPasswordReset } from "./password-reset.server";
import { adminHeaders, adminMeta } from "./staff-page-headers";

// "Forgot password?" from the sign-in page: a username in, the same answer out whether or not it
// exists. (POST /api/auth/password-reset does the same for API clients.)

export const meta: Route.MetaFunction = adminMeta("Forgot password");
export const headers = adminHeaders;

export function loader() {
  return data(null, { headers: adminHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const username = formText(form, "username");
  const result = await requestPasswordReset(
    { username },
    { services: context.services, ip: context.clientIp, logger: context.logger },
  );
  const status = { accepted: 202, invalid: 400, "rate-limited": 429 }[result.status];
  return data(
    {
      sent: result.status === "accepted",
      username,
      message: result.message,
      fieldErrors: result.status === "invalid" ? result.fieldErrors : {},
    },
    { status, headers: adminHeaders() },
  );
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const { errors, show, formRef } = useFieldErrors<"username">(actionData?.fieldErrors);
  // Each answer from the server brings its own field messages (and focus moves to the first).
  useEffect(() => {
    if (actionData) show(actionData.fieldErrors);
  }, [actionData, show]);
  const [checked, setChecked] = useState(false);
  const pending = useNavigation().state === "submitting";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const result = validate(ResetRequestSchema, { username: formText(new FormData(event.currentTarget), "username") }, [
      "username",
    ]);
    setChecked(true);
    show(result.ok ? {} : result.errors);
    if (!result.ok) event.preventDefault();
  }

  return (
    <AccountCard heading="Forgot your password?">
      {actionData?.sent ? (
        <>
          <AccountNotice>{actionData.message}</AccountNotice>
          <p className="mt-4 text-slate-brand">
            Nothing after a few minutes? Check your spam folder. If your account has no e-mail address, ask the
            site&apos;s owner (or another admin) to reset your password from the Users page.
          </p>
        </>
      ) : (
        <>
          <p className="mt-2 text-slate-brand">
            Enter your username. We&apos;ll e-mail a link to set a new password to the address on your account; it works
            once, for {RESET_LINK_MINUTES} minutes. No address on the account? Ask the site&apos;s owner to reset it for
            you.
          </p>
          <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
            {actionData?.message && !checked && !actionData.sent && !actionData.fieldErrors.username && (
              <FormAlert>{actionData.message}</FormAlert>
            )}
            <TextField
              name="username"
              label="Username"
              autoComplete="username"
              defaultValue={actionData?.username}
              error={errors.username}
            />
            <button type="submit" disabled={pending} className="btn-dark w-full">
              {pending ? "Sending..." : "E-mail me a reset link"}
            </button>
          </Form>
        </>
      )}
    </AccountCard>
  );
}
