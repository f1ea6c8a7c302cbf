import { UTM_KEYS, utmFrom, type Attribution } from "./attribution";

/**
 * Where a visit started, as the server sees a form page's request: without JavaScript the browser
 * keeps no record of the landing page, so the Referer is the best guess (the page that linked to
 * the form, when it is one of ours; else the form page itself, with the other site as referrer).
 */
export function requestAttribution(request: Request, url: URL): Attribution {
  const referer = request.headers.get("referer");
  let refererUrl: URL | undefined;
  try {
    refererUrl = referer ? new URL(referer) : undefined;
  } catch {
    refererUrl = undefined;
  }
  const sameSite = refererUrl?.host === url.host;
  return {
    landingPage: sameSite && refererUrl ? `${refererUrl.pathname}${refererUrl.search}` : `${url.pathname}${url.search}`,
    referrer: !sameSite && referer ? referer.slice(0, 500) : undefined,
    utm: utmFrom(sameSite && refererUrl ? refererUrl.search : url.search),
  };
}

/** A lead form's plain post as the intake's body: its text fields, with the `utm_*` fields gathered as `utm`. */
export function leadFormBody(form: FormData): Record<string, string | Record<string, string>> {
  const body: Record<string, string | Record<string, string>> = {};
  const utm: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    if ((UTM_KEYS as ReadonlyArray<string>).includes(key)) utm[key] = value;
    else body[key] = value;
  }
  body.utm = utm;
  return body;
}
