import { z } from "zod";
import { defaultBusiness, type Business } from "./config";

const num = z.coerce.number();

/** Resolves the business facts, applying BUSINESS_* environment overrides to the defaults. */
export function resolveBusiness(env: NodeJS.ProcessEnv = process.env): Business {
  const d = defaultBusiness;
  const pick = (key: string) => (env[key] && env[key].trim() !== "" ? env[key].trim() : undefined);
  const pickNum = (key: string, fallback: number) => {
    const raw = pick(key);
    if (raw === undefined) return fallback;
    const parsed = num.safeParse(raw);
    if (!parsed.success || !Number.isFinite(parsed.data)) throw new Error(`${key} must be a number, got "${raw}"`);
    return parsed.data;
  };
  return {
    ...d,
    name: pick("BUSINESS_NAME") ?? d.name,
    legalName: pick("BUSINESS_LEGAL_NAME") ?? d.legalName,
    phone: pick("BUSINESS_PHONE") ?? d.phone,
    phoneE164: pick("BUSINESS_PHONE_E164") ?? d.phoneE164,
    email: pick("BUSINESS_EMAIL") ?? d.email,
    vatNumber: pick("BUSINESS_VAT_NUMBER") ?? d.vatNumber,
    area: pick("BUSINESS_AREA") ?? d.area,
    address: {
      street: pick("BUSINESS_STREET") ?? d.address.street,
      locality: pick("BUSINESS_LOCALITY") ?? d.address.locality,
      region: pick("BUSINESS_REGION") ?? d.address.region,
      postalCode: pick("BUSINESS_POSTCODE") ?? d.address.postalCode,
      country: d.address.country,
    },
    geo: {
      latitude: pickNum("BUSINESS_LAT", d.geo.latitude),
      longitude: pickNum("BUSINESS_LNG", d.geo.longitude),
    },
    serviceRadiusMetres: pickNum("BUSINESS_SERVICE_RADIUS_M", d.serviceRadiusMetres),
    // Only a rating the business states: both numbers set, else none.
    rating:
      pick("BUSINESS_RATING_VALUE") && pick("BUSINESS_RATING_COUNT")
        ? {
            value: pickNum("BUSINESS_RATING_VALUE", 0),
            count: pickNum("BUSINESS_RATING_COUNT", 0),
            best: 5,
            worst: 1,
            source: pick("BUSINESS_RATING_SOURCE") ?? "Google reviews",
          }
        : d.rating,
  };
}

/**
 * The sender of the site's e-mails: MAIL_FROM, or "<name> website <no-reply@…>" at the domain of
 * the business e-mail.
 */
export function mailFrom(configured: string | undefined, business: Business): string {
  return configured ?? `${business.name} website <no-reply@${business.email.split("@").pop()}>`;
}

let cached: Business | undefined;
export function getBusiness(): Business {
  cached ??= resolveBusiness();
  return cached;
}
