import { useState, type FormEvent } from "react";
import { Card } from "~/components/ui/card";
import { EditingForm } from "~/components/ui/form";
import { SelectField, TextField } from "~/components/ui/form-field";
import { formText } from "~/forms/form-values";
import {
  MAIL_SECURITY,
  MAIL_SECURITY_LABELS,
  MailSettingsSchema,
  TestMailSchema,
  type MailStatus,
} from "~/features/mail/mail-settings";
import { settingsFieldErrors } from "~/features/site/business-settings";
import { useMutation } from "../list/mutation";

/** One line on how mail stands, above the form. */
function MailState({ status }: { status: MailStatus }) {
  if (!status.configured)
    return (
      <p className="mt-3 rounded-md bg-amber-50 p-3 text-navy-900 ring-1 ring-amber-300">
        <strong>Not set up yet.</strong> New-lead e-mails and auto-replies wait in the outbox until it is; nothing is
        lost.
      </p>
    );
  if (status.lastError)
    return (
      <p className="mt-3 rounded-md bg-red-50 p-3 text-red-900 ring-1 ring-red-200 [overflow-wrap:anywhere]">
        <strong>E-mails are failing.</strong> The mail server&apos;s last answer: {status.lastError}
      </p>
    );
  return (
    <p className="mt-3 rounded-md bg-green-50 p-3 text-green-900 ring-1 ring-green-200">
      <strong>Set up.</strong> E-mails go out through {status.host ?? "the server's mail settings"}. Send a test e-mail
      below to check it works.
    </p>
  );
}

/** Settings > Mail: the mail server the site sends through, and a test e-mail. */
export function MailSettingsForm({ status, suggestedTo }: { status: MailStatus; suggestedTo: string }) {
  return (
    <Card title="Mail" className="xl:col-span-3">
      <p className="mt-1 text-slate-brand">
        The mail server the website sends through: new-lead e-mails to you, auto-replies to visitors, quotes and
        reminders. Your e-mail provider lists these details as &quot;SMTP settings&quot;; choose the security it names
        (None only for a mail server on your own network).
      </p>
      <MailState status={status} />
      {status.source === "env" ? (
        <ServerMailSettings status={status} />
      ) : (
        // Keyed by what is stored, so the fields show it after a save.
        <MailServerForm
          key={[status.host, status.port, status.security, status.user, status.from, status.passwordSet].join("|")}
          status={status}
        />
      )}
      <TestMailForm configured={status.configured} suggestedTo={suggestedTo} />
    </Card>
  );
}

/** SMTP_URL is set on the server: shown, not editable here. */
function ServerMailSettings({ status }: { status: MailStatus }) {
  const rows: Array<[string, string]> = [
    ["Server", status.host ?? "Set by the server"],
    ["Port", status.port ? String(status.port) : "-"],
    ["Security", status.security ? MAIL_SECURITY_LABELS[status.security] : "-"],
    ["User", status.user ?? "None"],
    ["Sender", status.from ?? status.defaultFrom],
  ];
  return (
    <>
      <p className="mt-4">
        These settings come from the server&apos;s configuration (SMTP_URL) and take precedence, so they cannot be
        changed here. Whoever runs the server can change or remove them.
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className="[overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function MailServerForm({ status }: { status: MailStatus }) {
  const { mutate, pending, fieldErrors, showFieldErrors, clearFieldError, formRef } = useMutation();
  const errors = fieldErrors as Record<string, string | undefined>;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const port = formText(form, "port").trim();
    const values = {
      host: formText(form, "host"),
      port: port === "" ? undefined : Number(port),
      security: formText(form, "security"),
      user: formText(form, "user"),
      password: formText(form, "password"),
      from: formText(form, "from"),
    };
    const checked = MailSettingsSchema.safeParse(values);
    if (!checked.success) return showFieldErrors(settingsFieldErrors(checked.error));
    const outcome = await mutate("PUT", "/api/admin/settings/mail", checked.data, {
      success: {
        title: "Mail settings saved",
        description: "E-mails waiting in the outbox go out now. Send a test e-mail to check.",
      },
      failure: "Failed to save mail settings",
    });
    // The password is never shown again: the box empties once it is stored.
    const password = formElement.querySelector<HTMLInputElement>('input[name="password"]');
    if (outcome.ok && password) password.value = "";
  }

  return (
    <EditingForm
      formRef={formRef}
      onSubmit={onSubmit}
      onFieldEdited={clearFieldError}
      className="mt-5 grid gap-5 md:grid-cols-2"
    >
      <TextField
        name="host"
        label="Mail server (SMTP)"
        required
        maxLength={253}
        defaultValue={status.host ?? ""}
        placeholder="smtp.office365.com"
        autoComplete="off"
        hint="E.g. smtp.office365.com (Microsoft 365), smtp.gmail.com (Google Workspace)."
        error={errors.host}
      />
      <div className="grid gap-5 sm:grid-cols-[7rem_1fr] sm:gap-4">
        <TextField
          name="port"
          label="Port"
          required
          inputMode="numeric"
          defaultValue={String(status.port ?? 587)}
          error={errors.port}
        />
        <SelectField
          name="security"
          label="Security"
          required
          defaultValue={status.security ?? "starttls"}
          options={MAIL_SECURITY.map((value) => ({ value, label: MAIL_SECURITY_LABELS[value] }))}
          error={errors.security}
        />
      </div>
      <TextField
        name="user"
        label="User name"
        optional
        maxLength={254}
        defaultValue={status.user ?? ""}
        autoComplete="off"
        hint="Usually the full e-mail address of the mailbox that sends."
        error={errors.user}
      />
      <TextField
        name="password"
        label="Password"
        type="password"
        optional
        maxLength={500}
        autoComplete="new-password"
        placeholder={status.passwordSet ? "Saved (leave empty to keep it)" : ""}
        hint={
          status.passwordSet
            ? "Saved and encrypted; it is never shown again. Type a new one to replace it."
            : "Stored encrypted; it is never shown again. An app password if your provider asks for one."
        }
        error={errors.password}
      />
      <TextField
        name="from"
        label="Send as"
        optional
        maxLength={254}
        defaultValue={status.from ?? ""}
        placeholder={status.defaultFrom}
        hint={`The sender people see. Empty: ${status.defaultFrom}. Many providers only accept their own mailbox's address.`}
        error={errors.from}
        className="md:col-span-2"
      />
      <div className="md:col-span-2">
        <button type="submit" className="btn-dark w-full sm:w-auto" disabled={pending}>
          {pending ? "Saving..." : "Save mail settings"}
        </button>
      </div>
    </EditingForm>
  );
}

function TestMailForm({ configured, suggestedTo }: { configured: boolean; suggestedTo: string }) {
  const { mutate, pending, fieldErrors, showFieldErrors, clearFieldError, formRef } = useMutation();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const checked = TestMailSchema.safeParse({ to: formText(new FormData(event.currentTarget), "to") });
    if (!checked.success) return showFieldErrors(settingsFieldErrors(checked.error));
    const outcome = await mutate<{ message: string }>("POST", "/api/admin/settings/mail/test", checked.data);
    setResult(outcome.ok ? { ok: true, message: outcome.data.message } : { ok: false, message: outcome.error.detail });
  }

  return (
    <EditingForm
      formRef={formRef}
      onSubmit={onSubmit}
      onFieldEdited={clearFieldError}
      className="mt-6 border-t border-mist pt-5"
      aria-label="Send a test e-mail"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          name="to"
          label="Send a test e-mail to"
          type="email"
          required
          defaultValue={suggestedTo}
          error={fieldErrors.to}
          className="sm:w-96"
        />
        <button
          type="submit"
          className="btn-outline w-full sm:mb-0.5 sm:w-auto"
          disabled={pending || !configured}
          aria-describedby={configured ? undefined : "test-mail-needs-setup"}
        >
          {pending ? "Sending..." : "Send test e-mail"}
        </button>
      </div>
      {!configured && (
        <p id="test-mail-needs-setup" className="mt-2 text-sm text-slate-brand">
          Save the mail server&apos;s details first.
        </p>
      )}
      <p
        role="status"
        className={`mt-3 [overflow-wrap:anywhere] ${result ? (result.ok ? "font-medium text-green-800" : "font-medium text-red-700") : ""}`}
      >
        {result?.message}
      </p>
    </EditingForm>
  );
}
