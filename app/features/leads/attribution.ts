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

/** Records the first page of the session (called once when the site loads). */
export function recordLanding(): void {
  try {
    if (sessionStorage.getItem(KEY)) return;
    const referrer =
      document.referrer && new URL(document.referrer).origin !== location.origin ? document.referrer : undefined;
    const attribution: Attribution = {
      landingPage: `${location.pathname}${location.search}`.slice(0, 500),
      referrer: referrer?.slice(0, 500),
      utm: utmFrom(location.search),
    };
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
