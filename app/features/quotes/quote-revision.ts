// A quote's revision: 1 when first sent, raised by every change staff make once the client can see
// it (each such change is e-mailed to the client as an updated quote). The client's page, its
// forms and the PDF carry it, and an answer must name the revision the client read: a client is
// never bound to a version they did not see.

/** The revision an answer names (a JSON number, or the form's text), or null when it names none. */
export function answeredRevision(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isInteger(raw) && raw > 0 ? raw : null;
  return typeof raw === "string" && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

/** The 409 for an answer to an older (or unnamed) revision: the page then shows the new one. */
export const updatedQuoteMessage = (revision: number) =>
  `This quote was updated after you opened it: it is now revision ${revision}. Please read the updated quote, then accept or decline it.`;

/** The client can see a quote once sent: from then on a change must reach them as an update. */
export const clientCanSee = (status: string) => status === "sent" || status === "viewed";
