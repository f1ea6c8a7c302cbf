// A street address as staff type it (one line per line) and as the documents print it. A module of
// its own so a page that prints an address (the client's quote) does not load the settings' rules.

/** The street address's lines (as typed, one per line; commas inside a line are kept). */
export function addressLines(address: string): string[] {
  return address
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/,$/, ""))
    .filter(Boolean);
}

/**
 * Address lines on one line, joined with commas, as quotes print them inline: "Unit 4, Naas Road,
 * Dublin 12, D12 X285". Takes text with one line per line (as typed), or lines; blanks are dropped.
 */
export function oneLineAddress(...parts: Array<string | ReadonlyArray<string> | null | undefined>): string {
  return parts
    .flatMap((p) => (p == null ? [] : typeof p === "string" ? addressLines(p) : p.flatMap(addressLines)))
    .join(", ");
}
