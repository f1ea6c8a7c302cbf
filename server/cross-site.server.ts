import type { RequestHandler } from "express";
import { isApiRequest, sendApiError } from "~/api/api-errors.server";
import type { Env } from "~/env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request protection for every state-changing request (forms and JSON alike):
 * a browser tells us where a request comes from with Sec-Fetch-Site and Origin; anything sent
 * from another site is refused before it reaches a handler. Requests without either header
 * (curl, server-to-server) carry no ambient browser credentials and pass.
 */
export function rejectCrossSiteWrites(env: Env): RequestHandler {
  const siteOrigin = new URL(env.SITE_URL).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const foreignOrigin = origin !== undefined && origin !== "null" && origin !== ownOrigin && origin !== siteOrigin;
    if (fetchSite === "cross-site" || foreignOrigin || origin === "null") {
      req.log?.warn({ origin, fetchSite }, "cross-site request refused");
      const message = "Cross-site requests are not allowed.";
      if (isApiRequest(req)) return sendApiError(res, 403, message);
      res.status(403).type("text/plain").send(message);
      return;
    }
    next();
  };
}

/**
 * Form posts to pages are read by React Router without a size limit; refuse large ones up front.
 * Browsers always send Content-Length with a form, so a body without one is refused too.
 * (JSON APIs have their own parsers with their own limits.)
 */
export function limitFormBodies(
  maxBytes: number,
  /** Pages whose form carries more (a drawn signature: a PNG of up to 200 KB), by path prefix. */
  larger: ReadonlyArray<{ prefix: string; maxBytes: number }> = [],
): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || req.path.startsWith("/api/")) return next();
    const length = req.get("content-length");
    if (length === undefined) {
      if (req.get("transfer-encoding")) {
        res.status(411).type("text/plain").send("A Content-Length header is required.");
        return;
      }
      return next();
    }
    const limit = larger.find((l) => req.path.startsWith(l.prefix))?.maxBytes ?? maxBytes;
    if (Number(length) > limit) {
      res.status(413).type("text/plain").send("The form is too large.");
      return;
    }
    next();
  };
}
