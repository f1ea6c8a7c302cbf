import type { Business } from "~/config";

/**
 * The business's facts in text staff and the seed write (page copy, meta descriptions, FAQ answers,
 * posts): {name}, {legalName}, {email}, {phone}, {address}, {area} and {hours} are filled from
 * Settings > Business when a page is rendered, so changing a detail there changes every page at once.
 */
export const BUSINESS_PLACEHOLDERS = ["name", "legalName", "email", "phone", "address", "area", "hours"] as const;
type Placeholder = (typeof BUSINESS_PLACEHOLDERS)[number];
const PATTERN = new RegExp(`\\{(${BUSINESS_PLACEHOLDERS.join("|")})\\}`, "g");

export function businessPlaceholderValues(business: Business): Record<Placeholder, string> {
  const a = business.address;
  return {
    name: business.name,
    legalName: business.legalName,
    email: business.email,
    phone: business.phone,
    address: [a.street, a.locality, a.postalCode, "Ireland"].filter(Boolean).join(", "),
    area: business.area,
    hours: business.openingHours.label,
  };
}

export function fillBusinessText(text: string, business: Business): string {
  if (!text.includes("{")) return text;
  const values = businessPlaceholderValues(business);
  return text.replace(PATTERN, (_, key: Placeholder) => values[key]);
}
