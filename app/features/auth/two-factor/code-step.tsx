import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { TextField } from "~/components/ui/form-field";
import { FormAlert } from "~/components/ui/form";
import { useToast } from "~/components/ui/toast";
import { useBusiness } from "~/root";
import { ApiError, apiRequest, serverMessage } from "~/api/api-client";
import type * as CodeSchema from "~/forms/code-schema";
import { TWO_FACTOR_MESSAGES } from "../auth-fields";
import { codeStepUrl, restartUrl, type CodeMethod, type SignInAnswer } from "../login-urls";

// The code's schema (zod) loads with the first use of the form, not with the page.
let codeSchema: Promise<typeof CodeSchema> | undefined;
const loadCodeSchema = () => (codeSchema ??= import("~/forms/code-schema"));

/**
 * The sign-in's second step. With JavaScript it posts JSON to /api/auth/login/two-factor; without,
 * the same form posts to this route's action. Either way the challenge travels in its cookie.
 */
export function CodeStep({
  method,
  redirectTo,
  server,
}: {
  method: CodeMethod;
  redirectTo: string;
  server?: SignInAnswer;
}) {
  const business = useBusiness();
  const toast = useToast();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>(server?.fieldErrors.code);
  const [formMessage, setFormMessage] = useState<string | undefined>(
    server && !server.fieldErrors.code ? server.message : undefined,
  );
  const [pending, setPending] = useState(false);
  const app = method === "app";

  // Focus the field on arrival (autoFocus covers the server-rendered page) and after every error.
  useEffect(() => {
    input.current?.focus();
  }, [error, formMessage]);

  const showError = (field: string | undefined, form?: string) => {
    setError(field);
    setFormMessage(form);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const code = input.current?.value.trim() ?? "";
    if (!code) return showError(app ? TWO_FACTOR_MESSAGES.codeRequired : TWO_FACTOR_MESSAGES.recoveryRequired);
    if (app) {
      const checked = await loadCodeSchema().then(
        ({ SixDigitCodeSchema }) => SixDigitCodeSchema.safeParse(code),
        () => null, // the schema did not load: the server checks the code
      );
      if (checked && !checked.success) return showError(checked.error.issues[0]!.message);
    }
    setPending(true);
    try {
      const body = await apiRequest<{ name: string }>("POST", "/api/auth/login/two-factor", { code });
      toast({ title: "Login successful", description: `Welcome back, ${body.name}!` });
      void navigate(redirectTo, { replace: true });
    } catch (caught) {
      const restart = caught instanceof ApiError && (caught.body as { restart?: boolean } | null)?.restart;
      if (restart) {
        toast({
          variant: "destructive",
          title: "Login failed",
          description: serverMessage(caught, TWO_FACTOR_MESSAGES.expired),
        });
        void navigate(restartUrl(redirectTo), { replace: true });
        return;
      }
      if (input.current) input.current.value = "";
      const fieldError = caught instanceof ApiError ? caught.fieldErrors.code : undefined;
      // No toast here: the message sits by the field, which takes focus, and a toast would cover the links on a phone.
      if (fieldError) showError(fieldError);
      else if (caught instanceof ApiError && caught.status === 0)
        showError(undefined, "Could not reach the server. Please try again.");
      else showError(undefined, serverMessage(caught, TWO_FACTOR_MESSAGES.wrongCode));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-6">
      <h2 className="text-xl font-semibold">Two-factor sign-in</h2>
      <p className="mt-2 text-slate-brand">Your password was right. One more step to show it's you.</p>
      <form
        method="post"
        action={codeStepUrl(redirectTo, method)}
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        onFocusCapture={() => void loadCodeSchema()}
        className="mt-6 space-y-4"
      >
        <input type="hidden" name="intent" value="two-factor" />
        {formMessage && <FormAlert>{formMessage}</FormAlert>}
        <TextField
          ref={input}
          name="code"
          label={app ? "Enter the 6-digit code from your authenticator app" : "Enter one of your recovery codes"}
          hint={
            app
              ? `Open the app you set up for ${business.name}; the code changes every 30 seconds.`
              : "One of the codes you saved when you set up two-factor sign-in, like k7m2p-x9qra. Each works only once."
          }
          error={error}
          // The code step is a page of its own whose one job is this field.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          autoComplete={app ? "one-time-code" : "off"}
          inputMode={app ? "numeric" : "text"}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={app ? 7 : 64}
          inputClassName="font-mono text-lg tracking-widest"
        />
        <button type="submit" disabled={pending} className="btn-dark w-full">
          {pending ? "Checking..." : "Verify and sign in"}
        </button>
      </form>
      <ul className="mt-5 space-y-1 text-sm">
        <li>
          <Link
            to={codeStepUrl(redirectTo, app ? "recovery" : "app")}
            replace
            className="inline-block py-1.5 font-medium text-navy-900 underline underline-offset-2"
          >
            {app ? "Use a recovery code instead" : "Use a code from the authenticator app instead"}
          </Link>
        </li>
        <li>
          <Link
            to={`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`}
            className="inline-block py-1.5 font-medium text-navy-900 underline underline-offset-2"
          >
            Start again with your username and password
          </Link>
        </li>
      </ul>
    </div>
  );
}
