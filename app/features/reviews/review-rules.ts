import type { JobSite } from "~/db/schema";

// The plain rules of review requests (issue 39), apart from the database so they are tested alone.

/** One request per client in this many calendar months, whichever of its jobs it was for. */
export const REQUEST_GAP_MONTHS = 6;

/** The earliest send time a new request still clashes with: `now` less six calendar months (UTC). */
export function requestGapStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - REQUEST_GAP_MONTHS);
  return start;
}

/** What a reviewer who did not consent to their name is published as. */
export const VERIFIED_CLIENT = "Verified client";

/** An Eircode anywhere in a line ("D18 X2C4", "K67X2Y3"): never part of a public area. */
const EIRCODE_IN_LINE = /\b(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}\b/i;
/** A line that starts with a unit or house number is a street line. */
const STREET_LINE = /^(?:unit|apt|apartment|suite|floor|\d)/i;

/**
 * The job's area as a review may name it: the site's town or district lines ("Swords, Co. Dublin",
 * "Sandyford, Dublin 18"), never its street, unit or Eircode. The first line is always the street;
 * with nothing else, a Dublin postal district from the Eircode, else "Ireland".
 */
export function jobArea(site: JobSite): string {
  const lines = site.address
    .slice(1)
    .flatMap((line) => line.split(","))
    .map((part) => part.trim())
    .filter((part) => part && !EIRCODE_IN_LINE.test(part) && !STREET_LINE.test(part));
  if (lines.length > 0) return lines.slice(-2).join(", ");
  const district = /^D(\d{2}|6W)/i.exec(site.eircode.replace(/\s/g, ""));
  if (district) return `Dublin ${district[1]!.replace(/^0/, "").toUpperCase()}`;
  return "Ireland";
}

/** The latest reminder due after `elapsedMs` since the request (0: none yet), of `days`. */
export function remindersDue(days: ReadonlyArray<number>, elapsedMs: number): number {
  return days.filter((d) => elapsedMs >= d * 86_400_000).length;
}

/** A request as the admin shows it on a job card or client page. */
export type ReviewRequestView = {
  id: number;
  jobId: number;
  sentAt: string;
  openedAt: string | null;
  answeredAt: string | null;
  declinedAt: string | null;
  reminders: number;
};

/** The admin's figures: requests sent, opened, answered and declined, and the answers' average stars. */
export type ReviewSummary = {
  sent: number;
  opened: number;
  answered: number;
  declined: number;
  averageStars: number | null;
};
