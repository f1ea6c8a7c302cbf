import type { AppServices } from "~/services.server";
import type { FieldErrors } from "~/forms/field-errors";
import { computeEstimate } from "./estimate-rule";
import type { EstimateResponse } from "./estimate-response";
import { parseEstimateRequest, type EstimateField } from "./estimate-request";
import { issueEstimateId } from "./estimate-token.server";
import { getPriceList } from "./pricing.server";
import areaData from "./service-area-data.json";
import { checkServiceArea, type AreaData } from "./service-area";
import type { StoredEstimate } from "./stored-estimate";

export type EstimateOutcome =
  | { status: "ok"; estimate: EstimateResponse }
  | { status: "invalid"; message: string; fieldErrors: FieldErrors<EstimateField> }
  | { status: "rate-limited"; retryAfterSeconds: number };

const AREA = areaData as AreaData;

/**
 * One estimate: counted against the caller's rate limit, checked against the current price
 * table, priced by the estimate rule, placed on the map, and signed so that it can become a lead.
 */
export async function runEstimate(raw: unknown, ctx: { services: AppServices; ip: string }): Promise<EstimateOutcome> {
  const { services } = ctx;
  const limit = await services.limits.estimate.consume(`ip:${ctx.ip}`);
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };

  const list = await getPriceList(services.database.db);
  const request = parseEstimateRequest(raw, list);
  if (!request.ok) return { status: "invalid", message: request.message, fieldErrors: request.fieldErrors };

  const range = computeEstimate(list, request.item, request.quantity, request.options);
  const area = checkServiceArea(request.location, AREA, services.business.serviceRadiusMetres / 1000);
  const stored: StoredEstimate = {
    item: request.item.key,
    itemLabel: request.item.label,
    service: request.item.service,
    unit: request.item.unit,
    quantity: request.quantity,
    options: request.options.map((o) => ({ key: o.key, label: o.label })),
    location: request.location,
    place: area.place,
    lowEur: range.lowEur,
    highEur: range.highEur,
    currency: "EUR",
    inServiceArea: area.inServiceArea,
    distanceKm: area.distanceKm,
    estimatedAt: new Date().toISOString(),
  };
  return {
    status: "ok",
    estimate: {
      id: issueEstimateId(services.appSecret, stored),
      lowEur: range.lowEur,
      highEur: range.highEur,
      currency: "EUR",
      inServiceArea: area.inServiceArea,
      distanceKm: area.distanceKm,
      lines: range.lines,
      place: area.place,
      hint: area.hint,
      service: request.item.service,
      minimumApplied: range.minimumApplied,
    },
  };
}

const rateLimitedMessage = (retryAfterSeconds: number, phone: string) =>
  `Too many estimates from your connection. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s), or call us on ${phone}.`;

export type EstimateHttpAnswer =
  | { status: 200; body: EstimateResponse; headers: Record<string, string> }
  | {
      status: 400 | 429;
      body: { message: string; fieldErrors?: FieldErrors<EstimateField>; retryAfterSeconds?: number };
      headers: Record<string, string>;
    };

/**
 * One door: an estimate's outcome as one HTTP answer, for POST /api/estimate and for the page's
 * action (the form without JavaScript). Never stored by any cache: the figures are this visitor's.
 */
export function answerEstimate(outcome: EstimateOutcome, phone: string): EstimateHttpAnswer {
  const headers = { "Cache-Control": "no-store" };
  switch (outcome.status) {
    case "ok":
      return { status: 200, body: outcome.estimate, headers };
    case "invalid":
      return { status: 400, body: { message: outcome.message, fieldErrors: outcome.fieldErrors }, headers };
    case "rate-limited":
      return {
        status: 429,
        body: {
          message: rateLimitedMessage(outcome.retryAfterSeconds, phone),
          retryAfterSeconds: outcome.retryAfterSeconds,
        },
        headers: { ...headers, "Retry-After": String(outcome.retryAfterSeconds) },
      };
  }
}
