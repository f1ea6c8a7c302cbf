import { useEffect, useRef, useState, type FormEvent } from "react";
import { ApiError, apiRequest, setConfirmHandler } from "~/api/api-client";
import { Dialog, DialogBody, DialogForm, DialogHeader } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/form-field";
import { FormAlert, useFieldErrors } from "~/components/ui/form";
import { formText } from "~/forms/form-values";
import { FormDialogFooter } from "./admin-list";

/**
 * The admin's one "confirm it's you" dialog. Mounted once in the admin layout, it answers every API
 * call that comes back 403 { confirm: true } (api-client's sendConfirming): it asks for the
 * password (and the authenticator or recovery code when the user has two-factor sign-in on),
 * posts /api/auth/confirm, and lets the original call go again. Cancel leaves the call undone.
 */
export function ConfirmDialogHost({ twoFactor }: { twoFactor: boolean }) {
  // The open request: resolves the waiting call(s) with true (confirmed) or false (cancelled).
  const [asking, setAsking] = useState<{ settle: (confirmed: boolean) => void } | null>(null);
  const waiting = useRef<Promise<boolean> | null>(null);

  useEffect(
    () =>
      setConfirmHandler(() => {
        // Two calls refused at once share one dialog.
        waiting.current ??= new Promise<boolean>((resolve) => {
          setAsking({
            settle: (confirmed) => {
              waiting.current = null;
              setAsking(null);
              resolve(confirmed);
            },
          });
        });
        return waiting.current;
      }),
    [],
  );

  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const fields = useFieldErrors<"password" | "code">();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = formText(form, "password");
    const code = formText(form, "code").trim();
    const missing = {
      ...(password ? {} : { password: "Enter your password" }),
      ...(twoFactor && !code ? { code: "Enter the 6-digit code from your authenticator app, or a recovery code" } : {}),
    };
    if (Object.keys(missing).length) return fields.show(missing);
    setPending(true);
    setFormError(null);
    try {
      await apiRequest("POST", "/api/auth/confirm", twoFactor ? { password, code } : { password });
      fields.show({});
      asking?.settle(true);
    } catch (error) {
      const failed = error instanceof ApiError ? error : new ApiError(0, "Something went wrong. Please try again.");
      fields.show(failed.fieldErrors);
      if (Object.keys(failed.fieldErrors).length === 0) setFormError(failed.detail);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={asking} busy={pending} onClose={() => asking?.settle(false)} className="w-[min(100vw-1rem,28rem)]">
      <DialogHeader title="Confirm it's you" />
      <DialogForm formRef={fields.formRef} onSubmit={submit} onFieldEdited={(name) => fields.clear(name)}>
        <DialogBody>
          <p className="text-slate-brand">
            This change could let someone take over an account or see every enquiry, so it needs your password
            {twoFactor ? " and a code from your authenticator app" : ""}. You won't be asked again for 10 minutes.
          </p>
          {formError && <FormAlert>{formError}</FormAlert>}
          <TextField
            name="password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            required
            error={fields.errors.password}
          />
          {twoFactor && (
            <TextField
              name="code"
              label="Authenticator or recovery code"
              autoComplete="one-time-code"
              inputMode="text"
              required
              spellCheck={false}
              error={fields.errors.code}
            />
          )}
        </DialogBody>
        <FormDialogFooter pending={pending} submitLabel="Confirm" onCancel={() => asking?.settle(false)} />
      </DialogForm>
    </Dialog>
  );
}
