import { useState } from "react";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/form-field";
import { rowButton } from "~/components/ui/button-styles";
import { Icon } from "~/components/ui/icon";
import type { ClientContact } from "~/db/schema/clients";
import type { FieldErrors } from "~/forms/field-errors";

// The client's form (issue 37): details and contacts, for "Add client" on the list and the client's
// page. Contact inputs are named by their place ("contacts.1.email"), as the schema's messages are
// keyed, so a message shows under its own input.

export type ClientFormValues = {
  name: string;
  company: string;
  contacts: ClientContact[];
  address: string[];
  eircode: string;
  country: string;
  vatNumber: string;
  reverseCharge: boolean;
  notes: string;
};

const BLANK_CONTACT: ClientContact = { name: "", email: "", phone: "", role: "" };

/** The form's values as the API's JSON payload (checked with ClientSchema before it is sent). */
export function clientPayload(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const contacts: ClientContact[] = [];
  for (let i = 0; form.has(`contacts.${i}.name`); i++)
    contacts.push({
      name: text(`contacts.${i}.name`),
      email: text(`contacts.${i}.email`),
      phone: text(`contacts.${i}.phone`),
      role: text(`contacts.${i}.role`),
    });
  return {
    name: text("name"),
    company: text("company"),
    contacts,
    address: text("address"),
    eircode: text("eircode"),
    country: text("country"),
    vatNumber: text("vatNumber"),
    reverseCharge: form.get("reverseCharge") === "on",
    notes: text("notes"),
  };
}

/** The details and the contacts; `client` null for a new client. */
export function ClientFields({ client, errors }: { client: ClientFormValues | null; errors: FieldErrors }) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="name" label="Name" required defaultValue={client?.name ?? ""} error={errors.name} />
        <TextField
          name="company"
          label="Company"
          optional
          defaultValue={client?.company ?? ""}
          error={errors.company}
        />
      </div>
      <ContactsFields initial={client?.contacts ?? []} errors={errors} />
      <TextAreaField
        name="address"
        label="Billing address"
        optional
        rows={3}
        hint="One line per row."
        defaultValue={(client?.address ?? []).join("\n")}
        error={errors.address ?? errors["address.0"]}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField
          name="eircode"
          label="Eircode"
          optional
          defaultValue={client?.eircode ?? ""}
          error={errors.eircode}
          autoCapitalize="characters"
        />
        <TextField
          name="country"
          label="Country code"
          defaultValue={client?.country ?? "IE"}
          error={errors.country}
          maxLength={2}
          autoCapitalize="characters"
        />
        <TextField
          name="vatNumber"
          label="VAT number"
          optional
          defaultValue={client?.vatNumber ?? ""}
          error={errors.vatNumber}
          autoCapitalize="characters"
        />
      </div>
      <CheckboxField
        name="reverseCharge"
        label="Reverse charge (we work for them as a subcontractor)"
        hint="Their new quotes start with the reverse charge (RCT): no VAT on our invoice."
        defaultChecked={client?.reverseCharge ?? false}
        error={errors.reverseCharge}
      />
      <TextAreaField
        name="notes"
        label="Notes"
        optional
        rows={3}
        defaultValue={client?.notes ?? ""}
        error={errors.notes}
      />
    </>
  );
}

/** The contacts, edited as a whole: add and remove rows; each needs an e-mail or a phone. */
function ContactsFields({ initial, errors }: { initial: ClientContact[]; errors: FieldErrors }) {
  // Keys survive removals, so each row keeps what was typed into it.
  const [rows, setRows] = useState(() => initial.map((contact, key) => ({ key, contact })));
  const [nextKey, setNextKey] = useState(initial.length);
  const add = () => {
    setRows((r) => [...r, { key: nextKey, contact: BLANK_CONTACT }]);
    setNextKey((k) => k + 1);
  };
  return (
    <fieldset className="space-y-4">
      <legend className="font-medium">Contacts</legend>
      {errors.contacts && <p className="text-sm font-medium text-red-700">{errors.contacts}</p>}
      {rows.length === 0 && <p className="text-sm text-slate-brand">No contacts yet.</p>}
      <ol className="space-y-4">
        {rows.map(({ key, contact }, i) => (
          <li key={key} className="rounded-lg bg-paper p-4 ring-1 ring-navy-900/10">
            <div className="flex items-center justify-between gap-3">
              <p className="text-sm font-semibold text-slate-brand">Contact {i + 1}</p>
              <button
                type="button"
                className={rowButton.light}
                onClick={() => setRows((r) => r.filter((row) => row.key !== key))}
              >
                Remove<span className="sr-only"> contact {i + 1}</span>
              </button>
            </div>
            <div className="mt-2 grid gap-4 sm:grid-cols-2">
              <TextField
                name={`contacts.${i}.name`}
                label={`Contact ${i + 1} name`}
                optional
                defaultValue={contact.name}
                error={errors[`contacts.${i}.name`]}
              />
              <TextField
                name={`contacts.${i}.role`}
                label={`Contact ${i + 1} role`}
                optional
                defaultValue={contact.role}
                error={errors[`contacts.${i}.role`]}
              />
              <TextField
                name={`contacts.${i}.email`}
                label={`Contact ${i + 1} e-mail`}
                type="email"
                defaultValue={contact.email}
                error={errors[`contacts.${i}.email`]}
              />
              <TextField
                name={`contacts.${i}.phone`}
                label={`Contact ${i + 1} phone`}
                type="tel"
                defaultValue={contact.phone}
                error={errors[`contacts.${i}.phone`]}
              />
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className={rowButton.light} onClick={add}>
        <Icon name="plus" strokeWidth={2.5} />
        Add contact
      </button>
    </fieldset>
  );
}
