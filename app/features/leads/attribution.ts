// Where a visit started, kept in the tab's session and sent with a lead. Every page loads this
// module, so it imports nothing.

/** The campaign tags a lead records (the server's lead-meta-schema.ts accepts exactly these). */
export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/** Where this visit started, kept for the tab's session and sent with an enquiry. */
export type Attribution = { landingPage?: string; referrer?: string; utm?: Record<string, string> };

const KEY = "ic_attribution";

export function utmFrom(search: string): Record<string, string> | undefined {
  const params = new URLSearchParams(search);
  const utm: Record<string, string> = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key);
    if (value) utm[key] = value.slice(0, 200);
  }
  return Object.keys(utm).length ? utm : undefined;
}

/**
 * The first page of the session, for `recordLanding`: this page, unless the visitor came here from
 * another page of the site (a link followed before the page they landed on had run its
 * JavaScript, as on a slow phone): then the landing page is not known here, and the server's own
 * record of the visit gives it (never this page, which would hide the advert's landing page).
 */
export function landingOf(here: { pathname: string; search: string; origin: string }, referrer: string) {
  const from = referrer ? new URL(referrer).origin : undefined;
  return {
    landingPage: from === here.origin ? undefined : `${here.pathname}${here.search}`.slice(0, 500),
    referrer: from && from !== here.origin ? referrer.slice(0, 500) : undefined,
  };
}

/** Records the first page of the session (called once when the site loads). */
export function recordLanding(): void {
  try {
    if (sessionStorage.getItem(KEY)) return;
    const attribution: Attribution = { ...landingOf(location, document.referrer), utm: utmFrom(location.search) };
    sessionStorage.setItem(KEY, JSON.stringify(attribution));
  } catch {
    // Storage can be unavailable (private mode, disabled): attribution is a nice-to-have.
  }
}

export function readAttribution(): Attribution | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Attribution) : null;
  } catch {
    return null;
  }
}
