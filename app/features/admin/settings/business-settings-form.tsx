import { friendlyFormatIBAN } from "ibantools";
import { useState, type FormEvent } from "react";
import { Card } from "~/components/ui/card";
import { EditingForm } from "~/components/ui/form";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/form-field";
import { formText } from "~/forms/form-values";
import {
  BusinessSettingsSchema,
  settingsFieldErrors,
  WEEK_DAYS,
  type BusinessSettings,
} from "~/features/site/business-settings";
import { useMutation } from "../list/mutation";

/** The form's values as the API takes them: the new-lead addresses one per line, the rating only when ticked. */
function readForm(form: FormData): unknown {
  const number = (name: string) => {
    const text = formText(form, name).trim().replace(",", ".");
    return text === "" ? undefined : Number(text);
  };
  return {
    name: formText(form, "name"),
    phone: formText(form, "phone"),
    email: formText(form, "email"),
    address: formText(form, "address"),
    eircode: formText(form, "eircode"),
    area: formText(form, "area"),
    // Only while SITE_URL is unset is there a box for it.
    siteUrl: form.has("siteUrl") ? formText(form, "siteUrl") : undefined,
    openingHours: {
      days: form.getAll("openingHours.days").map(String),
      opens: formText(form, "openingHours.opens"),
      closes: formText(form, "openingHours.closes"),
    },
    social: {
      facebook: formText(form, "social.facebook"),
      instagram: formText(form, "social.instagram"),
      linkedin: formText(form, "social.linkedin"),
    },
    googleReviewUrl: formText(form, "googleReviewUrl"),
    vatNumber: formText(form, "vatNumber"),
    bank: {
      accountName: formText(form, "bank.accountName"),
      iban: formText(form, "bank.iban"),
      bic: formText(form, "bank.bic"),
    },
    notifyEmails: formText(form, "notifyEmails")
      .split(/[\n,;]+/)
      .map((line) => line.trim())
      .filter(Boolean),
    rating:
      form.get("hasRating") === "on"
        ? { value: number("rating.value"), count: number("rating.count"), source: formText(form, "rating.source") }
        : null,
  };
}

/** "IE29 AIBK 9311 …" from the stored "IE29AIBK9311…". */
const printableIban = (iban: string) => friendlyFormatIBAN(iban) ?? iban;

/** A message for "notifyEmails.1" is shown by the one box that holds them all, naming its line. */
function forFields(errors: Partial<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (message === undefined) continue;
    const line = /^notifyEmails\.(\d+)$/.exec(key);
    const field = line ? "notifyEmails" : key;
    if (!(field in out)) out[field] = line ? `Line ${Number(line[1]) + 1}: ${message}` : message;
  }
  return out;
}

/** Settings > Business: the facts every page, e-mail and quote shows. */
export function BusinessSettingsForm({
  settings,
  site,
}: {
  settings: BusinessSettings;
  /** The address links use now, and whether the environment (SITE_URL) sets it. */
  site: { url: string; fromEnv: boolean };
}) {
  const { mutate, pending, fieldErrors, showFieldErrors, clearFieldError, formRef } = useMutation();
  const [hasRating, setHasRating] = useState(settings.rating !== null);
  const errors = fieldErrors as Record<string, string | undefined>;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = readForm(new FormData(event.currentTarget));
    const checked = BusinessSettingsSchema.safeParse(values);
    if (!checked.success) return showFieldErrors(forFields(settingsFieldErrors(checked.error)));
    const outcome = await mutate("PUT", "/api/admin/settings/business", checked.data, {
      success: {
        title: "Business details saved",
        description: "Every page, e-mail and quote shows them from now on.",
      },
      failure: "Failed to save business details",
    });
    if (!outcome.ok) showFieldErrors(forFields(outcome.error.fieldErrors ?? {}));
  }

  return (
    <Card title="Business" className="xl:col-span-3">
      <p className="mt-1 text-slate-brand">
        Your business&apos;s details as the website shows them: in the header and footer, on the contact page, on the
        call button, in search engines&apos; listing, in e-mails to visitors and on quotes.
      </p>
      <EditingForm
        formRef={formRef}
        onSubmit={onSubmit}
        onFieldEdited={clearFieldError}
        className="mt-5 grid gap-5 md:grid-cols-2"
      >
        <TextField
          name="name"
          label="Trading name"
          required
          maxLength={100}
          defaultValue={settings.name}
          error={errors.name}
        />
        <TextField
          name="phone"
          label="Phone"
          type="tel"
          required
          maxLength={30}
          defaultValue={settings.phone}
          hint="As callers dial it, e.g. 01 555 0192 or 087 123 4567. The call buttons dial it."
          error={errors.phone}
        />
        <TextField
          name="email"
          label="E-mail"
          type="email"
          required
          maxLength={254}
          defaultValue={settings.email}
          hint="Shown to visitors; the auto-reply's replies come here."
          error={errors.email}
        />
        <TextField
          name="vatNumber"
          label="VAT number"
          optional
          maxLength={20}
          defaultValue={settings.vatNumber}
          hint="Printed on quotes, invoices and statements as one word, e.g. IE3456789LH. Leave it empty if you are not VAT registered."
          error={errors.vatNumber}
        />
        <TextAreaField
          name="address"
          label="Street address"
          required
          rows={3}
          maxLength={300}
          defaultValue={settings.address}
          hint="One line each, the town or district last, e.g. Unit 7, Ballymount Business Park / Dublin 12."
          error={errors.address}
        />
        <TextField
          name="eircode"
          label="Eircode"
          optional
          maxLength={8}
          defaultValue={settings.eircode}
          hint="Three characters, a space, then four, e.g. D12 X5F8."
          error={errors.eircode}
          inputClassName="uppercase"
        />
        <TextField
          name="area"
          label="Area"
          required
          maxLength={100}
          defaultValue={settings.area}
          hint="Where you are based, as the pages say it ({area} in page text), e.g. Ballymount, Dublin 12."
          error={errors.area}
        />

        {site.fromEnv ? (
          <TextField
            name="siteUrlShown"
            label="Site address"
            readOnly
            defaultValue={site.url}
            hint="Links in e-mails, quotes, bookings and password resets use it. It comes from the environment (SITE_URL), so it is changed there, not here."
          />
        ) : (
          <TextField
            name="siteUrl"
            label="Site address"
            optional
            maxLength={200}
            defaultValue={settings.siteUrl ?? ""}
            hint={`The address visitors type, e.g. https://www.icinteriors.ie. Links in e-mails, quotes, bookings and password resets use it; now ${site.url}.`}
            error={errors.siteUrl}
          />
        )}

        <fieldset className="md:col-span-2">
          <legend className="font-medium">Opening hours</legend>
          <p className="mt-1 text-sm text-slate-brand">The days you answer the phone, and from when to when.</p>
          <div
            className="mt-2 flex flex-wrap gap-x-5 gap-y-2"
            role="group"
            aria-label="Days open"
            aria-describedby={errors["openingHours.days"] ? "opening-days-error" : undefined}
          >
            {WEEK_DAYS.map((day) => (
              <label key={day} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name="openingHours.days"
                  value={day}
                  defaultChecked={settings.openingHours.days.includes(day)}
                  aria-invalid={errors["openingHours.days"] ? true : undefined}
                  className="h-5 w-5 accent-navy-900"
                />
                {day}
              </label>
            ))}
          </div>
          {errors["openingHours.days"] && (
            <p id="opening-days-error" className="mt-1.5 text-sm font-medium text-red-700">
              {errors["openingHours.days"]}
            </p>
          )}
          <div className="mt-3 grid grid-cols-2 gap-4 sm:max-w-sm">
            <TextField
              name="openingHours.opens"
              label="Opens at"
              type="time"
              required
              defaultValue={settings.openingHours.opens}
              error={errors["openingHours.opens"]}
            />
            <TextField
              name="openingHours.closes"
              label="Closes at"
              type="time"
              required
              defaultValue={settings.openingHours.closes}
              error={errors["openingHours.closes"]}
            />
          </div>
        </fieldset>

        <TextAreaField
          name="notifyEmails"
          label="Who gets new-lead e-mails"
          required
          rows={3}
          defaultValue={settings.notifyEmails.join("\n")}
          hint="One address per line. Each new enquiry, and each quote a client views or accepts, is e-mailed to these."
          error={errors.notifyEmails}
          className="md:col-span-2"
        />

        <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-3">
          <legend className="font-medium">Social media pages</legend>
          <p className="text-sm text-slate-brand md:col-span-3">
            Full addresses, starting https://. Leave one empty to hide its icon in the footer.
          </p>
          <TextField
            name="social.facebook"
            label="Facebook"
            type="url"
            defaultValue={settings.social.facebook}
            placeholder="https://www.facebook.com/…"
            error={errors["social.facebook"]}
          />
          <TextField
            name="social.instagram"
            label="Instagram"
            type="url"
            defaultValue={settings.social.instagram}
            placeholder="https://www.instagram.com/…"
            error={errors["social.instagram"]}
          />
          <TextField
            name="social.linkedin"
            label="LinkedIn"
            type="url"
            defaultValue={settings.social.linkedin}
            placeholder="https://www.linkedin.com/company/…"
            error={errors["social.linkedin"]}
          />
        </fieldset>

        <TextField
          name="googleReviewUrl"
          label="Google review link"
          type="url"
          maxLength={500}
          defaultValue={settings.googleReviewUrl ?? ""}
          placeholder="https://g.page/r/…/review"
          hint="From your Google Business Profile (Ask for reviews). Every review request e-mail carries it."
          error={errors.googleReviewUrl}
          className="md:col-span-2"
        />

        <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-3">
          <legend className="font-medium">Bank account for payments</legend>
          <p className="text-sm text-slate-brand md:col-span-3">
            Printed on invoices and their e-invoices, where clients pay. Saving a change asks for your password.
          </p>
          <TextField
            name="bank.accountName"
            label="Account name"
            maxLength={70}
            defaultValue={settings.bank?.accountName ?? ""}
            error={errors["bank.accountName"]}
          />
          <TextField
            name="bank.iban"
            label="IBAN"
            maxLength={42}
            autoComplete="off"
            spellCheck={false}
            defaultValue={settings.bank ? printableIban(settings.bank.iban) : ""}
            placeholder="IE29 AIBK 9311 5212 3456 78"
            error={errors["bank.iban"]}
          />
          <TextField
            name="bank.bic"
            label="BIC"
            maxLength={14}
            autoComplete="off"
            spellCheck={false}
            defaultValue={settings.bank?.bic ?? ""}
            placeholder="AIBKIE2D"
            error={errors["bank.bic"]}
          />
        </fieldset>

        <fieldset className="md:col-span-2">
          <legend className="font-medium">Review rating</legend>
          <CheckboxField
            name="hasRating"
            label="Show our review rating to search engines"
            checked={hasRating}
            onChange={(e) => setHasRating(e.target.checked)}
            hint="Only your real average from a review site you can point to. Google may penalise a rating it cannot check."
            className="mt-2"
          />
          {hasRating && (
            <div className="mt-3 grid gap-4 sm:grid-cols-3">
              <TextField
                name="rating.value"
                label="Average rating (1 to 5)"
                inputMode="decimal"
                required
                defaultValue={settings.rating ? String(settings.rating.value) : ""}
                placeholder="4.8"
                error={errors["rating.value"]}
              />
              <TextField
                name="rating.count"
                label="Number of reviews"
                inputMode="numeric"
                required
                defaultValue={settings.rating ? String(settings.rating.count) : ""}
                error={errors["rating.count"]}
              />
              <TextField
                name="rating.source"
                label="Where the reviews are"
                required
                maxLength={100}
                defaultValue={settings.rating?.source ?? ""}
                placeholder="Google reviews"
                error={errors["rating.source"]}
              />
            </div>
          )}
        </fieldset>

        <div className="md:col-span-2">
          <button type="submit" className="btn-dark w-full sm:w-auto" disabled={pending}>
            {pending ? "Saving..." : "Save business details"}
          </button>
        </div>
      </EditingForm>
    </Card>
  );
}
