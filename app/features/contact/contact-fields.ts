// The contact form's fields and rules as plain data: no validation library here, so the page can
// render the form (and the layout can record attribution) without loading the schema.
import type { FieldErrors } from "~/forms/field-errors";

/** The contact form's service choices (spec section 3), in the order they are offered. */
import { SERVICE_OPTIONS, type ServiceOption } from "~/db/column-types";

export { SERVICE_OPTIONS, type ServiceOption };

export const CONTACT_FIELDS = ["name", "email", "phone", "service", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactFieldErrors = FieldErrors<ContactField>;

export const CONTACT_LIMITS = { name: 100, email: 254, phone: 40, message: 5000 } as const;

/** Spec section 5. */
export const CONTACT_MESSAGES = {
  name: "Name must be at least 2 characters",
  email: "Please enter a valid email address",
  message: "Message must be at least 10 characters",
} as const;
