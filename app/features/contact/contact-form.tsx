import { useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { ApiErrorBody } from "~/api/api-error-body";
import { useToast } from "~/components/ui/toast";
import { readAttribution, type Attribution } from "./attribution";
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
const EMPTY: Values = { name: "", email: "", phone: "", service: "", message: "" };

export type ContactFormProps = {
  formToken: string;
  defaultService?: string;
  /** Attribution the server could see (used when the browser kept none). */
  attribution: Attribution;
  /** After a post without JavaScript: the server's verdict. */
  result?:
    | { status: "sent" }
    | { status: "invalid"; fieldErrors: ContactFieldErrors; values: Partial<Values> }
    | { status: "rate-limited"; message: string };
};

/**
 * The contact form. With JavaScript it checks each field as you type (the same schema the server
 * uses) and sends JSON to /api/contact; without it, it is a plain form post that the server
 * validates and answers with the same messages.
 */
export function ContactForm({ formToken, defaultService, attribution, result }: ContactFormProps) {
  const id = useId();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const initial: Values = {
    ...EMPTY,
    service: defaultService ?? "",
    ...(result?.status === "invalid" ? result.values : {}),
  };
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<ContactFieldErrors>(result?.status === "invalid" ? result.fieldErrors : {});
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);

  const validate = async (next: Values): Promise<ContactFieldErrors> => (await loadSchema()).validateContact(next);

  const recheck = async (field: ContactField, next: Values) => {
    const found = await validate(next);
    setErrors((prev) => ({ ...prev, [field]: found[field] }));
  };

  const update = (field: ContactField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
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
          landingPage: stored?.landingPage ?? attribution.landingPage,
          referrer: stored?.referrer ?? attribution.referrer,
          utm: stored?.utm ?? attribution.utm,
        }),
      });
      const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody<ContactField>> | null;
      if (response.status === 201) {
        toast(CONTACT_SUCCESS);
        setValues(EMPTY);
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

  if (result?.status === "sent") {
    return (
      <div role="status" className="rounded-lg bg-teal-brand/10 p-6 ring-1 ring-teal-brand/30">
        <p className="text-xl font-semibold">{CONTACT_SUCCESS.title}</p>
        <p className="mt-2 text-slate-brand">{CONTACT_SUCCESS.description}</p>
        <a href="?" className="btn-dark mt-5">
          Send another message
        </a>
      </div>
    );
  }

  const field = (name: ContactField) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    onBlur: () => blur(name),
  });
  const inputClass = (name: ContactField) =>
    `mt-1.5 block w-full rounded-md border bg-white px-3.5 py-2.5 text-base text-navy-900 shadow-sm placeholder:text-slate-brand/70 focus:border-navy-700 focus:outline-none focus:ring-2 focus:ring-amber-brand ${
      errors[name] ? "border-red-700" : "border-slate-brand/40"
    }`;
  const error = (name: ContactField) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1.5 text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;

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
      {result?.status === "rate-limited" && (
        <p role="alert" className="rounded-md bg-red-50 p-4 font-medium text-red-800 ring-1 ring-red-200">
          {result.message}
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="font-medium">
            Name
          </label>
          <input
            {...field("name")}
            type="text"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name}
            className={inputClass("name")}
            onChange={(e) => update("name", e.target.value)}
          />
          {error("name")}
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="font-medium">
            Email
          </label>
          <input
            {...field("email")}
            type="email"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.email}
            className={inputClass("email")}
            onChange={(e) => update("email", e.target.value)}
          />
          {error("email")}
        </div>
        <div>
          <label htmlFor={`${id}-phone`} className="font-medium">
            Phone <span className="font-normal text-slate-brand">(optional)</span>
          </label>
          <input
            {...field("phone")}
            type="tel"
            autoComplete="tel"
            maxLength={CONTACT_LIMITS.phone}
            className={inputClass("phone")}
            onChange={(e) => update("phone", e.target.value)}
          />
          {error("phone")}
        </div>
        <div>
          <label htmlFor={`${id}-service`} className="font-medium">
            Service <span className="font-normal text-slate-brand">(optional)</span>
          </label>
          <select
            {...field("service")}
            className={inputClass("service")}
            onChange={(e) => update("service", e.target.value)}
          >
            <option value="">Select a service</option>
            {SERVICE_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          {error("service")}
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="font-medium">
          Message
        </label>
        <textarea
          {...field("message")}
          rows={4}
          required
          maxLength={CONTACT_LIMITS.message}
          className={inputClass("message")}
          onChange={(e) => update("message", e.target.value)}
        />
        {error("message")}
      </div>

      {/* Spam traps and attribution: invisible to people. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input
          ref={honeypotRef}
          id={`${id}-website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
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
