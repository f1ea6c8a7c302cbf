import { useState, type FormEvent } from "react";
import { data, Link } from "react-router";
import { Card } from "~/components/ui/card";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/form-field";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { validate } from "~/forms/field-errors";
import { formPayload } from "~/forms/form-values";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { listStaffDigest } from "../leads/digest.server";
import { useMutation } from "../list/mutation";
import type { Route } from "./+types/settings-page";
import { BusinessSettingsForm } from "./business-settings-form";
import { MailSettingsForm } from "./mail-settings-form";
import {
  AUTO_REPLY_BODY_MAX,
  AUTO_REPLY_PLACEHOLDERS,
  AUTO_REPLY_SUBJECT_MAX,
  AutoReplySchema,
  type AutoReplyInput,
} from "~/features/leads/auto-reply-schema";
import { getAutoReplySettings } from "~/features/leads/auto-reply-settings.server";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/settings");
  const { services } = context;
  const { db } = services.database;
  await services.settings.refresh();
  const [autoReply, staff, mail] = await Promise.all([
    getAutoReplySettings(db),
    listStaffDigest(db),
    services.mail.status(),
  ]);
  return data(
    {
      autoReply,
      staff,
      digestHour: services.env.DIGEST_HOUR,
      business: services.settings.businessSettings(),
      // The address every link uses, and whether SITE_URL fixes it (then it is shown read-only).
      site: { url: services.siteUrl, fromEnv: services.env.siteUrlFromEnv },
      mail,
    },
    { headers: adminHeaders() },
  );
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { staff, digestHour } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold">Settings</h1>
      <p className="mt-2 text-slate-brand">
        Your business&apos;s details, the mail server the site sends through, the e-mail a visitor gets after an
        enquiry, and the staff daily digest.
      </p>
      <div className="mt-8 grid gap-6 xl:grid-cols-3">
        <div id="business" className="scroll-mt-24 xl:col-span-3">
          {/* Keyed by what is stored: after a save the fields show the stored values (an Eircode in capitals). */}
          <BusinessSettingsForm
            key={JSON.stringify(loaderData.business)}
            settings={loaderData.business}
            site={loaderData.site}
          />
        </div>
        <div id="mail" className="scroll-mt-24 xl:col-span-3">
          <MailSettingsForm status={loaderData.mail} suggestedTo={loaderData.business.notifyEmails[0] ?? ""} />
        </div>
        <AutoReplyForm settings={loaderData.autoReply} />
        <Card title="Daily digest">
          <p className="mt-2">
            {digestHour === "off"
              ? "The daily digest is turned off (DIGEST_HOUR=off on the server)."
              : `Every morning at ${String(digestHour).padStart(2, "0")}:00 (Irish time), each person below with a digest address gets the new enquiries since the previous digest and the follow-ups due.`}
          </p>
          <ul className="mt-4 divide-y divide-mist">
            {staff.map((s) => (
              <li key={s.id} className="flex flex-wrap justify-between gap-x-3 py-2">
                <span className="font-medium">{s.name}</span>
                <span className={`break-all ${s.email ? "" : "text-slate-brand"}`}>{s.email ?? "No digest"}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-brand">
            Each person sets their own address on{" "}
            <Link to="/admin/account" className="font-semibold text-navy-700 underline">
              My Account
            </Link>
            .
          </p>
        </Card>
      </div>
    </>
  );
}

function AutoReplyForm({ settings }: { settings: AutoReplyInput }) {
  const { mutate, pending, fieldErrors, showFieldErrors, clearFieldError, formRef } =
    useMutation<keyof AutoReplyInput>();
  const [enabled, setEnabled] = useState(settings.autoReplyEnabled);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formPayload(
      new FormData(event.currentTarget),
      ["autoReplySubject", "autoReplyBody"],
      ["autoReplyEnabled"],
    );
    const checked = validate(AutoReplySchema, values);
    if (!checked.ok) return showFieldErrors(checked.errors);
    await mutate("PUT", "/api/admin/settings/auto-reply", checked.data, {
      success: { title: "Settings saved", description: "New enquiries get the auto-reply as shown." },
      failure: "Failed to save settings",
    });
  }

  return (
    <Card title="Visitor auto-reply" className="xl:col-span-2">
      <p className="mt-1 text-slate-brand">
        Sent to the visitor straight after each enquiry from the contact form or the chat, with your phone number,
        e-mail, address and opening hours added under it.
      </p>
      <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="mt-5 grid gap-5">
        <CheckboxField
          name="autoReplyEnabled"
          label="Send an auto-reply to each new enquiry"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          error={fieldErrors.autoReplyEnabled}
        />
        <TextField
          name="autoReplySubject"
          label="Subject"
          required
          maxLength={AUTO_REPLY_SUBJECT_MAX}
          defaultValue={settings.autoReplySubject}
          error={fieldErrors.autoReplySubject}
          onInput={() => clearFieldError("autoReplySubject")}
        />
        <TextAreaField
          name="autoReplyBody"
          label="Message"
          required
          rows={9}
          maxLength={AUTO_REPLY_BODY_MAX}
          defaultValue={settings.autoReplyBody}
          error={fieldErrors.autoReplyBody}
          onInput={() => clearFieldError("autoReplyBody")}
          hint={
            <>
              Placeholders:{" "}
              {AUTO_REPLY_PLACEHOLDERS.map((p, i) => (
                <span key={p.token}>
                  {i > 0 && "; "}
                  <code className="rounded bg-mist px-1">{p.token}</code> {p.meaning}
                </span>
              ))}
              . A blank line starts a new paragraph.
            </>
          }
        />
        <div>
          <button type="submit" className="btn-dark" disabled={pending}>
            {pending ? "Saving..." : "Save settings"}
          </button>
        </div>
      </form>
    </Card>
  );
}
