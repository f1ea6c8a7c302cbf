import type { FormEvent } from "react";
import { DialogBody } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/form-field";
import { FormAlert } from "~/components/ui/form";
import { validate } from "~/forms/field-errors";
import { formText } from "~/forms/form-values";
import { FormDialogFooter } from "../list/admin-list";
import { useMutation } from "../list/mutation";
import { DigestEmailSchema } from "../settings/settings-schema";

// The users page's "E-mail" dialog: another user's address, where their "Forgot password?" links
// and daily digest go (their own is on My Account).

export function UserEmailForm({
  user,
  onDone,
}: {
  user: { id: number; username: string; email: string | null };
  onDone: () => void;
}) {
  const { mutate, pending, fieldErrors, showFieldErrors, formError, formRef } = useMutation<"email">();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(DigestEmailSchema, { email: formText(new FormData(event.currentTarget), "email").trim() });
    if (!checked.ok) return showFieldErrors(checked.errors);
    const sent = await mutate("PUT", `/api/admin/users/${user.id}/email`, checked.data, {
      success: {
        title: "E-mail address saved",
        description: checked.data.email
          ? `${user.username}'s reset links and digest will go to ${checked.data.email}.`
          : `${user.username} has no e-mail address now: only an admin can reset their password.`,
      },
    });
    if (sent.ok) onDone();
  }

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="flex min-h-0 flex-col">
      <DialogBody>
        <p className="text-slate-brand">
          Where {user.username}&apos;s &ldquo;Forgot password?&rdquo; links and daily digest go. Leave it empty for
          none.
        </p>
        {formError && <FormAlert>{formError}</FormAlert>}
        <TextField
          name="email"
          label="E-mail address"
          type="email"
          autoComplete="off"
          defaultValue={user.email ?? ""}
          error={fieldErrors.email}
        />
      </DialogBody>
      <FormDialogFooter pending={pending} submitLabel="Save e-mail address" onCancel={onDone} />
    </form>
  );
}
