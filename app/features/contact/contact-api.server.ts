import type { Router } from "express";
import { leadApi } from "~/features/leads/lead-api.server";
import type { AppServices } from "~/services.server";
import { CONTACT_WORDS, submitContact } from "./contact.server";

/** POST /api/contact: the spec's JSON payload, for the site's own form and other clients. */
export function contactApi(services: AppServices): Router {
  return leadApi({
    path: "/api/contact",
    fields: "name, email, phone, service and message",
    bodyLimit: "16kb",
    words: { ...CONTACT_WORDS, phone: services.business.phone },
    submit: (body, req) =>
      submitContact(body, {
        services,
        formToken: "optional",
        ip: req.ip ?? "unknown",
        headers: req.headers,
        logger: req.log,
      }),
  });
}
