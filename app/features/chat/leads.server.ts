import { fieldErrorsOf } from "~/forms/field-errors";
import { takeLead, type IntakeContext, type LeadForm, type LeadOutcome } from "~/features/leads/lead-intake.server";
import { CHAT_LEAD_FIELDS, ChatLeadSchema, chatLeadService, leadMessage, type ChatLeadField } from "./chat-lead-schema";
import { leadQuality } from "./rules";

/**
 * The chat assistant as a lead form: its answers become a lead like any other (source "chat"), with
 * the quality recomputed here from the answers (never trusted from the browser), the conversation,
 * and the browser's idempotency key so a retried POST is stored once. The chat has no form token;
 * its honeypot still sends a bot to quarantine.
 */
export const chatLeadForm: LeadForm<ChatLeadField> = {
  formToken: "none",
  limiter: (services) => services.limits.chat,
  parse(body) {
    const parsed = ChatLeadSchema.safeParse(body);
    if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error, CHAT_LEAD_FIELDS) };
    const lead = parsed.data;
    return {
      ok: true,
      lead: {
        source: "chat",
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        // One of the five services (charts group by them); the words typed stay in the message.
        service: chatLeadService(lead.projectType),
        message: leadMessage(lead),
        leadQuality: leadQuality(lead),
        transcript: lead.transcript ?? null,
        idempotencyKey: lead.idempotencyKey,
      },
    };
  },
};

export function submitChatLead(raw: unknown, ctx: IntakeContext): Promise<LeadOutcome<ChatLeadField>> {
  return takeLead(raw, chatLeadForm, ctx);
}
