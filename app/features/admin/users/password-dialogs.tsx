import { useEffect, useRef, useState, type FormEvent } from "react";
import { DialogBody } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/form-field";
import { FormAlert, ShowPasswordBox } from "~/components/ui/form";
import { validate } from "~/forms/field-errors";
import { formText } from "~/forms/form-values";
import { FormDialogFooter } from "../list/admin-list";
import { buttonClass } from "~/components/ui/button-styles";
import { useMutation, type MutationOutcome } from "../list/mutation";
import { NEW_PASSWORD_MESSAGES } from "~/features/auth/password-rule";
import { FullNameField } from "./full-name-field";
import { NewUserSchema, ResetPasswordSchema } from "./users-schema";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from "~/features/auth/access";

// The users page's dialog content: setting a password (adding a user, or resetting someone's),
// then the generated password, shown once.

type PasswordBody = {
  username?: string;
  fullName?: string;
  role?: Role;
  passwordMode: "generate" | "choose";
  password?: string;
};
type Mutate = ReturnType<typeof useMutation>["mutate"];

/** Add a user or reset a password: a generated password (shown once afterwards) or one typed here. */
export function PasswordForm<T>({
  withUsername,
  intro,
  submitLabel,
  send,
  onDone,
  onCancel,
}: {
  withUsername?: boolean;
  intro?: string;
  submitLabel: string;
  send: (mutate: Mutate, body: PasswordBody) => Promise<MutationOutcome<T>>;
  onDone: (result: T) => void;
  onCancel: () => void;
}) {
  const [mode, setMode] = useState<"generate" | "choose">("generate");
  const [show, setShow] = useState(false);
  const { mutate, pending, fieldErrors, showFieldErrors, formError, formRef } = useMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: PasswordBody = {
      passwordMode: mode,
      ...(mode === "choose" ? { password: formText(form, "password") } : {}),
    };
    if (withUsername) {
      body.username = formText(form, "username");
      body.fullName = formText(form, "fullName");
      body.role = formText(form, "role") as Role;
    }
    const checked = validate(withUsername ? NewUserSchema : ResetPasswordSchema, body);
    if (!checked.ok) return showFieldErrors(checked.errors);
    const sent = await send(mutate, body);
    if (sent.ok) onDone(sent.data);
  }

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="flex min-h-0 flex-col">
      <DialogBody>
        {intro && <p className="text-slate-brand">{intro}</p>}
        {formError && <FormAlert>{formError}</FormAlert>}
        {withUsername && (
          <TextField
            name="username"
            label="Username"
            required
            autoComplete="off"
            spellCheck={false}
            error={fieldErrors.username}
            hint="At least 3 characters: letters, numbers, dots, dashes, underscores or @."
          />
        )}
        {withUsername && (
          <FullNameField
            error={fieldErrors.fullName}
            hint="How clients and colleagues see them: calendar invites, the job programme, the crew."
          />
        )}
        {withUsername && <RoleChoice name="role" current="editor" error={fieldErrors.role} />}
        <fieldset>
          <legend className="font-medium">Password</legend>
          <div className="mt-2 space-y-2">
            {(
              [
                [
                  "generate",
                  <>
                    Generate a strong password <span className="text-slate-brand">(shown to you once, to pass on)</span>
                  </>,
                ],
                ["choose", "Type a password"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-start gap-3">
                <input
                  type="radio"
                  name="passwordMode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  className="mt-1 h-5 w-5 accent-navy-900"
                />
                <span>{label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {mode === "choose" && (
          <div>
            <TextField
              name="password"
              label="New password"
              type={show ? "text" : "password"}
              autoComplete="new-password"
              required
              error={fieldErrors.password}
              hint={`${NEW_PASSWORD_MESSAGES.rule} A short phrase is easier to remember than a jumble.`}
            />
            <ShowPasswordBox checked={show} onChange={setShow} label="Show password" />
          </div>
        )}
      </DialogBody>
      <FormDialogFooter pending={pending} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}

/** A generated password, shown once: there is no way to see it again. */
export function ShownOnce({ username, password, onDone }: { username: string; password: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = useRef<HTMLButtonElement>(null);
  // The dialog's content has just changed under the focused button: start at Copy.
  useEffect(() => copy.current?.focus(), []);
  return (
    <DialogBody className="space-y-4">
      <p>
        Give this password to <strong>{username}</strong> in person or by phone, not by e-mail. It won't be shown again.
        They can change it under My Account after signing in.
      </p>
      <p className="select-all break-all rounded-lg bg-paper px-4 py-3 text-center font-mono text-lg font-semibold tracking-wide ring-1 ring-navy-900/10">
        {password}
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <button
          ref={copy}
          type="button"
          className={buttonClass.light}
          onClick={() => {
            void navigator.clipboard?.writeText(password).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? "Copied" : "Copy password"}
        </button>
        <button type="button" className="btn-dark" onClick={onDone}>
          Done
        </button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? "Password copied to the clipboard" : ""}
      </p>
    </DialogBody>
  );
}

/** The three roles as radio buttons, each with what it may do. */
export function RoleChoice({ name, current, error }: { name: string; current: Role; error?: string }) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="font-medium">Role</legend>
      <div className="mt-2 space-y-2">
        {ROLES.map((role) => (
          <label key={role} className="flex items-start gap-3">
            <input
              type="radio"
              name={name}
              value={role}
              defaultChecked={role === current}
              className="mt-1 h-5 w-5 accent-navy-900"
            />
            <span>
              <span className="font-medium">{ROLE_LABELS[role]}</span>
              <span className="block text-sm text-slate-brand">{ROLE_DESCRIPTIONS[role]}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
