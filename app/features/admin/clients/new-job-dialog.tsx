import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { Dialog, DialogBody, DialogHeader } from "~/components/ui/dialog";
import { EditingForm, FormAlert } from "~/components/ui/form";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { JOB_SERVICE_LABELS, JOB_SERVICES } from "~/features/jobs/job-checklists";
import { checkJobInput, NewJobSchema } from "~/features/jobs/job-schema";
import { formText } from "~/forms/form-values";
import { FormDialogFooter } from "../list/admin-list";
import { useMutation } from "../list/mutation";

// "Start a job" on a client's page: work agreed without a quote through the site (a repair by phone,
// a variation) gets its job card, programme and invoices all the same (POST /api/admin/jobs with
// the client, a title, the site and its service's checklist). The site starts as the client's
// billing address; the new job's card opens once it is made.

type Client = { id: number; address: string[]; eircode: string };

export function NewJobDialog({ client, open, onClose }: { client: Client; open: unknown; onClose: () => void }) {
  const navigate = useNavigate();
  const { mutate, pending, formError, fieldErrors, showFieldErrors, clearFieldError, formRef } = useMutation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    const service = formText(form, "service");
    const payload = {
      clientId: client.id,
      title: formText(form, "title"),
      site: { address: formText(form, "address").split("\n"), eircode: formText(form, "eircode") },
      ...(service ? { service } : {}),
    };
    // The API's own check first, its errors keyed by path as the API's are ("site.address.0").
    const checked = checkJobInput(NewJobSchema, payload);
    if (!checked.ok) return showFieldErrors(siteFields(checked.errors));
    const done = await mutate<{ id: number; number: string }>("POST", "/api/admin/jobs", checked.data, {
      success: (job) => ({ title: "Job started", description: `${job.number} is ready to schedule.` }),
      revalidate: false,
    });
    if (!done.ok) return showFieldErrors(siteFields(done.error.fieldErrors));
    onClose();
    void navigate(`/admin/jobs/${done.data.id}`);
  }

  return (
    <Dialog open={open} onClose={onClose} busy={pending}>
      <DialogHeader title="Start a job" />
      <EditingForm formRef={formRef} onSubmit={onSubmit} onFieldEdited={clearFieldError} aria-label="Start a job">
        <DialogBody>
          <p className="text-slate-brand">
            For work agreed without a quote through the site. It starts as “To schedule”: add its days on the programme.
          </p>
          <TextField label="Title" name="title" required maxLength={200} error={fieldErrors.title} />
          <SelectField label="Service" name="service" defaultValue="" error={fieldErrors.service}>
            <option value="">Other work (a general checklist)</option>
            {JOB_SERVICES.map((s) => (
              <option key={s} value={s}>
                {JOB_SERVICE_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label="Site address"
            name="address"
            required
            rows={3}
            defaultValue={client.address.join("\n")}
            hint="One line per row. It starts as the client's billing address."
            error={fieldErrors.address}
          />
          <TextField
            label="Eircode"
            name="eircode"
            optional
            defaultValue={client.eircode}
            error={fieldErrors.eircode}
          />
          {formError && <FormAlert>{formError}</FormAlert>}
        </DialogBody>
        <FormDialogFooter pending={pending} submitLabel="Start the job" onCancel={onClose} />
      </EditingForm>
    </Dialog>
  );
}

/** The API names the site's fields by their path ("site.address", "site.address.0"): the form's fields. */
function siteFields(errors: Record<string, string | undefined>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (!message) continue;
    const field = path.startsWith("site.address") ? "address" : path === "site.eircode" ? "eircode" : path;
    shown[field] ??= message;
  }
  return shown;
}
