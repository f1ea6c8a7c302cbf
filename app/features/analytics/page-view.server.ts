import crypto from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { isbot } from "isbot";
import { SESSION_COOKIE_NAMES } from "~/features/auth/session.server";

// What one page view is, from a request's headers alone: whether it may be counted, the page it
// is, where it came from, which device class asked, and who (as a hash that only holds for one day).

export type Device = "phone" | "tablet" | "desktop";

/** Where a view came from: utm_source, else the referring site, else "direct". */
export const DIRECT = "direct";

/** The source or campaign of views past the day's cap on distinct ones (ANALYTICS_MAX_SOURCES_PER_DAY). */
export const OTHER = "other";

/**
 * Whether a request may be counted at all, before its answer is known: a GET (never HEAD), not a
 * prefetch or prerender, not a signed-in staff member, and no opt-out signal (Sec-GPC or DNT).
 * Bots are told apart later, once per user agent, off the request path.
 */
export function mayCount(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (method !== "GET") return false;
  if (headers["sec-gpc"] === "1" || headers.dnt === "1") return false;
  const purpose = headers["sec-purpose"] ?? headers.purpose ?? headers["x-purpose"] ?? headers["x-moz"];
  if (purpose && /prefetch|prerender|preview/i.test(String(purpose))) return false;
  const cookie = headers.cookie;
  return !cookie || !SESSION_COOKIE_NAMES.some((name) => cookie.includes(`${name}=`));
}

/** Crawlers, monitors and scripts (isbot's list), and clients that send no user agent at all. */
export const isBotAgent = (userAgent: string): boolean => userAgent === "" || isbot(userAgent);

/** Phone, tablet or desktop, from the user agent (an iPad asking as a Mac counts as desktop). */
export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return "phone";
  return "desktop";
}

/**
 * The visitor id: a hash of the day's salt, the IP and the user agent. The same person on the same
 * day gets the same id; with the salt deleted after the day, nobody (us included) can link two days
 * or work back to the IP.
 */
export function visitorId(salt: Buffer, ip: string, userAgent: string): string {
  return crypto
    .createHash("sha256")
    .update(salt)
    .update(ip)
    .update("\0")
    .update(userAgent)
    .digest("base64url")
    .slice(0, 22);
}

/** The client address as the day's caps count it: a hash with the day's salt, never the address itself. */
export function addressId(salt: Buffer, ip: string): string {
  return crypto.createHash("sha256").update(salt).update("ip\0").update(ip).digest("base64url").slice(0, 22);
}

/** The page a counted URL shows: its path without the query, and a client navigation's `/x.data` as `/x`. */
export function pagePath(url: string): string {
  const queryAt = url.indexOf("?");
  let path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (path.endsWith(".data")) path = path === "/_root.data" ? "/" : path.slice(0, -5);
  try {
    path = decodeURI(path);
  } catch {
    // Left encoded: it is still the address asked for.
  }
  return path.slice(0, 300);
}

/** The referring site's host without "www.", or null when there is none or it is this site. */
export function referrerHost(referer: string | undefined, ownHost: string | undefined): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (ownHost && url.host === ownHost) return null;
    return url.hostname.replace(/^www\./, "").slice(0, 100);
  } catch {
    return null;
  }
}

/** A view's source and campaign: the address's utm tags first, else the referring site. */
export function sourceOf(url: string, referrer: string | null): { source: string; campaign: string } {
  const queryAt = url.indexOf("?");
  const params = queryAt < 0 ? null : new URLSearchParams(url.slice(queryAt + 1));
  const utmSource = params?.get("utm_source")?.trim().toLowerCase();
  return {
    source: (utmSource || referrer || DIRECT).slice(0, 100),
    campaign: (params?.get("utm_campaign")?.trim() ?? "").slice(0, 200),
  };
}
