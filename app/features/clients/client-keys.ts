import type { ClientContact } from "~/db/schema/clients";

/** How a lead finds its client: a contact's e-mail in any case, or phone by its digits only. */

export function emailKey(email: string | null | undefined): string | null {
  const key = (email ?? "").trim().toLowerCase();
  return key.includes("@") ? key : null;
}

/** "+353 1 555 0147" and "(01) 555 0147" differ: only the digits as written count, as the issue says. */
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  // Fewer than 6 digits is not a phone number anyone could share by accident or on purpose.
  return digits.length >= 6 ? digits : null;
}

/** The match columns of a client (clients.match_emails, match_phones), from its contacts. */
export function clientMatchKeys(contacts: ClientContact[]): { matchEmails: string[]; matchPhones: string[] } {
  const emails = new Set<string>();
  const phones = new Set<string>();
  for (const contact of contacts) {
    const email = emailKey(contact.email);
    if (email) emails.add(email);
    const phone = phoneKey(contact.phone);
    if (phone) phones.add(phone);
  }
  return { matchEmails: [...emails], matchPhones: [...phones] };
}
