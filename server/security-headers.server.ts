import crypto from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet from "helmet";
import type { Env } from "~/env.server";

export type CspDirectives = Record<string, Array<string | ((req: unknown, res: unknown) => string)>>;

/** A fresh nonce per response (res.locals.cspNonce): the CSP allows it and the renderer puts it on every script. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
};

export function cspDirectives(env: Env, dev: boolean): CspDirectives {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce as string}'`;
  return {
    defaultSrc: ["'self'"],
    // Scripts only from this origin or carrying this response's nonce; never unsafe-inline.
    // (Pages served from the HTML cache carry hashes of their own inline scripts instead.)
    scriptSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", nonce],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(env.NODE_ENV === "production" && env.SITE_URL.startsWith("https:") ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** The policy as helmet writes it, with the nonce source replaced by `nonceSource`. */
export function serializeCsp(directives: CspDirectives, nonceSource: string): string {
  return Object.entries(directives)
    .map(([name, values]) => {
      const kebab = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const sources = values.map((v) => (typeof v === "function" ? nonceSource : v)).filter(Boolean);
      return sources.length ? `${kebab} ${sources.join(" ")}` : kebab;
    })
    .join(";");
}

/** HSTS only makes sense when the site is served over HTTPS. */
const strictTransportSecurity = (env: Env) =>
  env.SITE_URL.startsWith("https:") ? { maxAge: 31_536_000, includeSubDomains: true } : false;

export function securityHeaders(env: Env, directives: CspDirectives) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: strictTransportSecurity(env),
    crossOriginEmbedderPolicy: false,
    // Set on staff pages and the API only (isolateBrowsingContext).
    crossOriginOpenerPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}

/**
 * The headers that mean something on a fingerprinted script, stylesheet or font (/assets): nosniff
 * (never run it as anything but its type), Cross-Origin-Resource-Policy and, over HTTPS, HSTS. The
 * rest of securityHeaders() — the CSP, frame options and the legacy X- headers — applies to
 * documents only, and cost ~550 bytes on each of the nine or ten scripts a page loads (about 5 KB
 * of every page's JavaScript transfer, see `npm run bench:js`). SVG files, which a browser can open
 * as documents, are not under /assets and keep every header.
 */
export function assetSecurityHeaders(env: Env) {
  return helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: strictTransportSecurity(env),
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

/**
 * Cross-Origin-Opener-Policy: same-origin, for the staff area and the API: their windows never
 * share a browsing context group (or, on Android, a renderer process) with another site's, and
 * no other site's window can hold a reference to them.
 *
 * Public pages do not send it. Whenever the tab held any other page before (another site, a new
 * tab's blank page), the header makes the browser move the arriving page into a new renderer
 * process, and the first page in a process pays for setting up its JavaScript environment on the
 * main thread. Measured with Lighthouse (which starts each run from a blank page), 5 runs on each
 * of four public pages: total blocking time averaged 42 ms with the header and 12 ms without, and
 * a copy of a page with no JavaScript at all still went over 50 ms in most runs with it. Public
 * pages are the same anonymous HTML for every visitor, with nothing of the visitor's for another
 * window to probe; the admin, where sessions and enquiries are, keeps the isolation.
 */
export function isolateBrowsingContext(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  next();
}
