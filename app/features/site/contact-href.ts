/** The contact form's service choices that the service pages preselect (spec section 3). */
export type ContactService = "Partitions" | "Suspended Ceilings" | "Shop Ceiling Installation" | "Ceiling Repairs";

/** Link to the contact page, optionally with the service chosen: /contact-us?service=Ceiling%20Repairs. */
export function contactHref(service?: ContactService): string {
  return service ? `/contact-us?service=${encodeURIComponent(service)}` : "/contact-us";
}
