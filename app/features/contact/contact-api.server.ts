import type { Router } from "express";
import type { AppServices } from "~/services.server";
import { submitContact } from "./contact.server";
import { submissionApi } from "./submission-api.server";

export const CONTACT_SUCCESS_MESSAGE = "Thank you for your message. We will get back to you shortly!";

/** POST /api/contact: the spec's JSON payload, for the site's own form and other clients. */
export function contactApi(services: AppServices): Router {
  return submissionApi({
    path: "/api/contact",
    noun: "enquiry",
    fields: "name, email, phone, service and message",
    bodyLimit: "16kb",
    successMessage: CONTACT_SUCCESS_MESSAGE,
    invalidMessage: "Please correct the highlighted fields.",
    phone: services.business.phone,
    submit: (body, req) => submitContact(body, { services, source: "api", ip: req.ip ?? "unknown", logger: req.log }),
  });
}
