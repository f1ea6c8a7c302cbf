import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { TextField } from "~/components/ui/form-field";
import { FormAlert, useFieldErrors } from "~/components/ui/form";
import { useToast } from "~/components/ui/toast";
import { ApiError, apiRequest, serverMessage } from "~/api/api-client";
import { validate } from "~/forms/field-errors";
import { formPayload } from "~/forms/form-values";
import { AUTH_FIELDS, INVALID_CREDENTIALS } from "./auth-fields";
import type * as AuthSchema from "./auth-schema";
import { codeStepUrl, type SignInAnswer } from "./login-urls";
import { NEW_PASSWORD_MESSAGES } from "./password-rule";

// The schemas (zod) load with the first use of the form rather than with the page: the sign-in
// page stays light, and they are ready long before anyone has typed a password.
let schemas: Promise<typeof AuthSchema> | undefined;
const loadSchemas = () => (schemas ??= import("./auth-schema"));

/**
 * Sign in or register. With JavaScript it posts JSON to /api/auth/login (or /register) and shows
 * the spec's toasts; without, the same form posts to this route's action.
 */
export function SignInForm({
  intent,
  redirectTo,
  server,
  notice,
}: {
  intent: "login" | "register";
  redirectTo: string;
  server?: SignInAnswer;
  notice?: string | null;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const { errors, show, formRef } = useFieldErrors<(typeof AUTH_FIELDS)[number]>(server?.fieldErrors);
  const [pending, setPending] = useState(false);
  const isLogin = intent === "login";
  const failed = isLogin
    ? { title: "Login failed", fallback: INVALID_CREDENTIALS }
    : { title: "Registration failed", fallback: "Could not create account" };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const input = formPayload(new FormData(event.currentTarget), ["username", "password"]);
    const checked = await loadSchemas().then(
      (m) => validate(isLogin ? m.LoginSchema : m.RegisterSchema, input, AUTH_FIELDS),
      () => null, // the schemas did not load: the server checks the form
    );
    show(checked && !checked.ok ? checked.errors : {});
    if (checked && !checked.ok) return;
    setPending(true);
    try {
      const body = await apiRequest<{ username?: string; name?: string; twoFactorRequired?: boolean }>(
        "POST",
        `/api/auth/${intent}`,
        input,
      );
      if (body.twoFactorRequired) {
        // Password accepted; the challenge cookie is set. The code step takes it from here.
        void navigate(codeStepUrl(redirectTo));
        return;
      }
      toast(
        isLogin
          ? { title: "Login successful", description: `Welcome back, ${body.name}!` }
          : { title: "Registration successful", description: `Welcome, ${body.username}!` },
      );
      void navigate(redirectTo, { replace: true });
    } catch (error) {
      if (error instanceof ApiError) show(error.fieldErrors);
      toast({ variant: "destructive", title: failed.title, description: serverMessage(error, failed.fallback) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      ref={formRef}
      method="post"
      action={isLogin ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "?tab=register"}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      onFocusCapture={() => void loadSchemas()}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value={intent} />
      {server?.message && !Object.keys(server.fieldErrors).length ? (
        <FormAlert>{server.message}</FormAlert>
      ) : (
        notice && (
          <p role="status" className="rounded-md bg-amber-50 p-3 font-medium text-navy-900 ring-1 ring-amber-200">
            {notice}
          </p>
        )
      )}
      <TextField
        name="username"
        label="Username"
        autoComplete="username"
        defaultValue={server?.username}
        error={errors.username}
      />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete={isLogin ? "current-password" : "new-password"}
        hint={isLogin ? undefined : NEW_PASSWORD_MESSAGES.rule}
        error={errors.password}
      />
      <button type="submit" disabled={pending} className="btn-dark w-full">
        {isLogin ? (pending ? "Logging in..." : "Login") : pending ? "Creating Account..." : "Create Account"}
      </button>
    </form>
  );
}
