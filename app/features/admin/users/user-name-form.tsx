import type { FormEvent } from "react";
import { DialogBody } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/form";
import { validate } from "~/forms/field-errors";
import { formText } from "~/forms/form-values";
import { FormDialogFooter } from "../list/admin-list";
import { useMutation } from "../list/mutation";
import { FullNameField } from "./full-name-field";
import { FullNameSchema } from "./users-schema";

// The users page's "Name" dialog: another user's full name, as clients and colleagues read it
// (their own is on My Account).

export function UserNameForm({
  user,
  onDone,
}: {
  user: { id: number; username: string; fullName: string };
  onDone: () => void;
}) {
  const { mutate, pending, fieldErrors, showFieldErrors, formError, formRef } = useMutation<"fullName">();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(FullNameSchema, { fullName: formText(new FormData(event.currentTarget), "fullName") });
    if (!checked.ok) return showFieldErrors(checked.errors);
    const sent = await mutate("PUT", `/api/admin/users/${user.id}/name`, checked.data, {
      success: { title: "Full name saved", description: `${user.username} is now shown as ${checked.data.fullName}.` },
    });
    if (sent.ok) onDone();
  }

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="flex min-h-0 flex-col">
      <DialogBody>
        <p className="text-slate-brand">
          How clients and colleagues see {user.username}: calendar invites, the job programme, the crew.
        </p>
        {formError && <FormAlert>{formError}</FormAlert>}
        <FullNameField defaultValue={user.fullName} error={fieldErrors.fullName} />
      </DialogBody>
      <FormDialogFooter pending={pending} submitLabel="Save full name" onCancel={onDone} />
    </form>
  );
}
