import { fieldErrorsOf } from "~/forms/field-errors";
import { attachedEstimate, INVALID_ESTIMATE_MESSAGE } from "~/features/estimate/estimate-token.server";
import { takeLead, type IntakeContext, type LeadForm, type LeadOutcome } from "~/features/leads/lead-intake.server";
import type { LeadWords } from "~/features/leads/lead-answer";
import { CONTACT_FIELDS, type ContactField } from "./contact-fields";
import { ContactSchema } from "./contact-schema";

/** The contact form's sentences (the success one is the spec's). */
export const CONTACT_WORDS: Omit<LeadWords, "phone"> = {
  noun: "enquiry",
  successMessage: "Thank you for your message. We will get back to you shortly!",
  invalidMessage: "Please correct the highlighted fields.",
};

/**
 * The contact form as a lead form: the spec's fields and messages; an enquiry that carries a signed
 * instant estimate comes from the estimate page. `formToken: "required"` for the page's own post
 * (it always carries one), "optional" for the JSON API, which other clients may call without one.
 */
export function contactLeadForm(formToken: "required" | "optional"): LeadForm<ContactField> {
  return {
    formToken,
    limiter: (services) => services.limits.contact,
    parse(body, services) {
      const parsed = ContactSchema.safeParse(body);
      if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error, CONTACT_FIELDS) };
      const estimate = attachedEstimate(body, services.appSecret);
      if (estimate === "invalid") return { ok: false, message: INVALID_ESTIMATE_MESSAGE };
      return { ok: true, lead: { ...parsed.data, estimate, source: estimate ? "estimate" : "contact-form" } };
    },
  };
}

/** One enquiry from the contact form (a page post or JSON), through the lead intake. */
export function submitContact(
  raw: unknown,
  ctx: IntakeContext & { formToken: "required" | "optional" },
): Promise<LeadOutcome<ContactField>> {
  return takeLead(raw, contactLeadForm(ctx.formToken), ctx);
}
