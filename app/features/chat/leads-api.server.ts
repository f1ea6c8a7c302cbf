import type { Router } from "express";
import { leadApi } from "~/features/leads/lead-api.server";
import type { AppServices } from "~/services.server";
import { submitChatLead } from "./leads.server";

export const CHAT_LEAD_SUCCESS_MESSAGE = "Thank you! Our team will get back to you shortly.";

/**
 * POST /api/chat-leads: a finished chat lead (see chat-lead-schema.ts). 201 with the new id, 200
 * with the existing id when the idempotency key was already used; otherwise as the contact API.
 */
export function chatLeadsApi(services: AppServices): Router {
  return leadApi({
    path: "/api/chat-leads",
    fields: "idempotencyKey, name, email, phone, projectType and details",
    // Larger than the contact API's 16 KB: the body carries the conversation.
    bodyLimit: "64kb",
    words: {
      noun: "lead",
      successMessage: CHAT_LEAD_SUCCESS_MESSAGE,
      invalidMessage: "Please check the highlighted details.",
      phone: services.business.phone,
    },
    submit: (body, req) =>
      submitChatLead(body, { services, ip: req.ip ?? "unknown", headers: req.headers, logger: req.log }),
  });
}
