import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Link } from "react-router";
import type { ApiErrorBody } from "~/api/api-error-body";
import { HoneypotField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { useBusiness } from "~/root";
import { LazyEstimateSummary } from "~/features/estimate/lazy-estimate-summary";
import { useFormValues } from "~/forms/use-form-values";
import type { StoredEstimate } from "~/features/estimate/stored-estimate";
import { readAttribution, type Attribution } from "~/features/leads/attribution";
import type * as ContactSchema from "./contact-schema";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  SERVICE_OPTIONS,
  type ContactField,
  type ContactFieldErrors,
} from "./contact-fields";

// The schema (zod) is fetched on the first interaction with the form rather than with the page:
// the page loads lighter, and validation is ready long before anyone has typed a name.
let schemaModule: Promise<typeof ContactSchema> | undefined;
const loadSchema = () => (schemaModule ??= import("./contact-schema"));

export const CONTACT_SUCCESS = {
  title: "Message Sent",
  description: "Thank you for your message. We will get back to you shortly!",
} as const;
export const CONTACT_FAILURE = "There was an error sending your message. Please try again.";

type Values = Record<ContactField, string>;

/** The one-line fields, in order (the service list and the message follow). */
const TEXT_FIELDS = [
  { name: "name", label: "Name", type: "text", autoComplete: "name", required: true },
  { name: "email", label: "Email", type: "email", autoComplete: "email", required: true },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel", required: false },
] as const;
const EMPTY: Values = { name: "", email: "", phone: "", service: "", message: "" };

export type ContactFormProps = {
  formToken: string;
  defaultService?: string;
  /** An instant estimate the visitor chose to send with the message (its signed id, its figures, the prefill). */
  estimate?: (StoredEstimate & { id: string; message: string }) | null;
  /** Attribution the server could see (used when the browser kept none). */
  attribution: Attribution;
  /** After a post without JavaScript: the server's answer (the same one the JSON API gives). */
  result?:
    | { sent: true; message: string }
    | { sent: false; message: string; fieldErrors: ContactFieldErrors; values: Partial<Values> };
  /** The business's phone number, for the success panel ("call us if it is urgent"). */
  phone?: { display: string; e164: string };
};

/**
 * The contact form. With JavaScript it checks each field as you type (the same schema the server
 * uses) and sends JSON to /api/contact; without it, it is a plain form post that the server
 * validates and answers with the same messages.
 */
export function ContactForm({ formToken, defaultService, estimate, attribution, result, phone }: ContactFormProps) {
  const id = useId();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const initial: Values = {
    ...EMPTY,
    service: defaultService ?? "",
    message: estimate?.message ?? "",
    ...(result?.sent === false ? result.values : {}),
  };
  const failure = result?.sent === false ? result : undefined;
  const { values, patch, replace } = useFormValues<Values>(initial);
  const [errors, setErrors] = useState<ContactFieldErrors>(failure?.fieldErrors ?? {});
  // After a send: the success panel shows in place of the form until "Send another message".
  const [sent, setSent] = useState(result?.sent === true);
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  // Once sent with the message, the estimate is not offered again for the next one.
  const [estimateSent, setEstimateSent] = useState(false);
  const attached = estimate && !estimateSent ? estimate : null;

  const validate = async (next: Values): Promise<ContactFieldErrors> => (await loadSchema()).validateContact(next);

  const recheck = async (field: ContactField, next: Values) => {
    const found = await validate(next);
    setErrors((prev) => ({ ...prev, [field]: found[field] }));
  };

  const update = (field: ContactField, value: string) => {
    const next = patch({ [field]: value });
    // Live feedback once a field has been visited (or a send was attempted), not while first typing.
    if (touched[field] || submitted) void recheck(field, next);
  };

  const blur = (field: ContactField) => {
    setTouched((prev) => ({ ...prev, [field]: true }));
    if (values[field] !== "" || submitted) void recheck(field, values);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    setSending(true);
    let found: ContactFieldErrors;
    try {
      found = await validate(values);
    } catch {
      found = {}; // the schema failed to load: let the server validate
    }
    setErrors(found);
    const firstInvalid = CONTACT_FIELDS.find((f) => found[f]);
    if (firstInvalid) {
      setSending(false);
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    try {
      const stored = readAttribution();
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          ...values,
          website: honeypotRef.current?.value ?? "",
          formToken,
          estimateId: attached?.id,
          landingPage: stored?.landingPage ?? attribution.landingPage,
          referrer: stored?.referrer ?? attribution.referrer,
          utm: stored?.utm ?? attribution.utm,
        }),
      });
      const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody<ContactField>> | null;
      if (response.status === 201) {
        toast(CONTACT_SUCCESS);
        setSent(true);
        replace(EMPTY);
        setEstimateSent(Boolean(estimate));
        setErrors({});
        setTouched({});
        setSubmitted(false);
      } else if (response.status === 400 && body?.fieldErrors && Object.keys(body.fieldErrors).length > 0) {
        setErrors(body.fieldErrors);
      } else {
        toast({ variant: "destructive", title: "Error", description: body?.message ?? CONTACT_FAILURE });
      }
    } catch {
      toast({ variant: "destructive", title: "Error", description: CONTACT_FAILURE });
    } finally {
      setSending(false);
    }
  }

  if (sent) return <SentPanel phone={phone} onAnother={() => setSent(false)} />;

  // Each field: its value, live checks, its message. Required fields carry no "*": this form marks
  // its optional ones instead.
  const field = (name: ContactField) => ({
    name,
    value: values[name],
    error: errors[name],
    markRequired: false,
    onBlur: () => blur(name),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      update(name, e.target.value),
  });

  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocusCapture={() => void loadSchema()}
      className="space-y-5"
      aria-busy={sending}
    >
      {failure && Object.keys(failure.fieldErrors).length === 0 && (
        <p role="alert" className="rounded-md bg-red-50 p-4 font-medium text-red-800 ring-1 ring-red-200">
          {failure.message}
        </p>
      )}
      {attached && (
        <div>
          <LazyEstimateSummary estimate={attached} heading="Your estimate, sent with this message" />
          <input type="hidden" name="estimateId" value={attached.id} />
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ name, label, type, autoComplete, required }) => (
          <TextField
            key={name}
            {...field(name)}
            label={label}
            type={type}
            autoComplete={autoComplete}
            required={required}
            optional={!required}
            maxLength={CONTACT_LIMITS[name]}
          />
        ))}
        <SelectField {...field("service")} label="Service" optional>
          <option value="">Select a service</option>
          {SERVICE_OPTIONS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField {...field("message")} label="Message" rows={4} required maxLength={CONTACT_LIMITS.message} />

      {/* Spam traps and attribution: invisible to people. */}
      <HoneypotField id={`${id}-website`} inputRef={honeypotRef} />
      <input type="hidden" name="formToken" value={formToken} />
      <input type="hidden" name="landingPage" value={attribution.landingPage ?? ""} />
      <input type="hidden" name="referrer" value={attribution.referrer ?? ""} />
      {Object.entries(attribution.utm ?? {}).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}

      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={sending}>
        {sending ? "Sending..." : "Send Message"}
      </button>
      <p className="text-sm text-slate-brand">
        We use your details only to answer your enquiry and keep them for no longer than 24 months. Read our{" "}
        <Link to="/privacy-policy" className="font-medium text-navy-900 underline underline-offset-2">
          privacy policy
        </Link>{" "}
        to see what we keep, why, and how to ask us to delete it.
      </p>
    </form>
  );
}

/**
 * What a visitor sees once the message is in: that it arrived, what happens next and how soon, the
 * phone number for anything urgent, and a way to send another. It takes the form's place, so the
 * form's own "sent" state cannot be missed on a phone where the toast is off screen.
 */
function SentPanel({ phone, onAnother }: { phone?: ContactFormProps["phone"]; onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hours = useBusiness().openingHours.label;
  // Focus moves to the panel so a keyboard or screen-reader user hears the result.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div role="status" className="rounded-lg bg-teal-brand/10 p-6 ring-1 ring-teal-brand/30">
      <h3 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
        {CONTACT_SUCCESS.title}
      </h3>
      <p className="mt-2 text-slate-brand">{CONTACT_SUCCESS.description}</p>
      <h4 className="mt-5 font-semibold">What happens next</h4>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-brand">
        <li>We read every message the same working day ({hours}).</li>
        <li>One of our team replies by e-mail or phone within one working day to talk the job through.</li>
        <li>If it helps, we arrange a free site survey and send you a written quote.</li>
      </ol>
      {phone && (
        <p className="mt-4 text-slate-brand">
          Urgent, or would rather talk? Call us on{" "}
          <a href={`tel:${phone.e164}`} className="font-semibold text-navy-900 underline underline-offset-2">
            {phone.display}
          </a>
          .
        </p>
      )}
      <a
        href="?"
        className="btn-dark mt-5"
        onClick={(event) => {
          event.preventDefault();
          onAnother();
        }}
      >
        Send another message
      </a>
    </div>
  );
}
