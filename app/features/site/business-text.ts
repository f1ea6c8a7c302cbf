import type { Business } from "~/config";

/**
 * Page copy (the *-content.ts files) names the business and how to reach it with {name},
 * {legalName}, {email}, {phone} and {address}; pages fill them from the business config, so the
 * copy follows BUSINESS_NAME, BUSINESS_PHONE and the rest.
 */
export function fillBusinessText(text: string, business: Business): string {
  const a = business.address;
  const values = {
    name: business.name,
    legalName: business.legalName,
    email: business.email,
    phone: business.phone,
    address: [a.street, a.locality, a.postalCode, "Ireland"].filter(Boolean).join(", "),
  };
  return text.replace(/\{(name|legalName|email|phone|address)\}/g, (_, key: keyof typeof values) => values[key]);
}
