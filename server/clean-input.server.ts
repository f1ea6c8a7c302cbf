import type { Request, RequestHandler } from "express";
import { isApiRequest, sendApiError } from "~/api/api-errors.server";
import {
  decodeUrlPart,
  hasUnstorableText,
  queryHasUnstorableText,
  UNSTORABLE_BODY_ERROR,
  UNSTORABLE_TEXT_MESSAGES,
} from "~/api/unstorable-text";

/** U+FFFD (the replacement character), %-encoded: what an unreadable path segment becomes. */
const REPLACEMENT = "%EF%BF%BD";

/**
 * Text the database cannot store never gets past the door (see unstorable-text.ts):
 * - the path: an API call is refused with 400 and a message; for a page, each unreadable segment
 *   becomes U+FFFD, which no route or slug holds, so the visitor gets the site's own 404 page
 *   (rendered for a path that matches the same routes in the browser, so it hydrates as usual);
 * - the query string: 400 (a message as JSON for the API, plain text for a page) for a NUL or an
 *   encoded surrogate; other bytes that are not UTF-8 are read as U+FFFD, as everywhere here;
 * - a JSON body: the body parsers run inside each API router (each with its own size limit), so
 *   the check sits on `req.body` itself: when a parser hands over a value with such text, it
 *   fails as a parse error does, answered 400 with a message by the API's error handlers.
 */
export const refuseUnstorableText: RequestHandler = (req, res, next) => {
  const url = req.url;
  const queryAt = url.indexOf("?");
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? "" : url.slice(queryAt + 1);
  const api = isApiRequest(req);

  const segments = path.split("/");
  if (!segments.every((s) => decodeUrlPart(s) !== null)) {
    if (api) return void sendApiError(res, 400, UNSTORABLE_TEXT_MESSAGES.path);
    const readable = segments.map((s) => (decodeUrlPart(s) === null ? REPLACEMENT : s)).join("/");
    // Both: Express routes by req.url, React Router reads req.originalUrl.
    req.url = req.originalUrl = queryAt < 0 ? readable : `${readable}?${query}`;
  }
  if (query && queryHasUnstorableText(query)) {
    req.log?.warn({ url: req.originalUrl.slice(0, 200) }, "unstorable text in the query string refused");
    if (api) return void sendApiError(res, 400, UNSTORABLE_TEXT_MESSAGES.query);
    res.status(400).type("text/plain").send(UNSTORABLE_TEXT_MESSAGES.query);
    return;
  }
  if (api) guardBody(req);
  next();
};

/** Makes `req.body` refuse, by throwing, a parsed value holding unstorable text (Buffers are bytes, not text). */
function guardBody(req: Request): void {
  let body: unknown = req.body;
  Object.defineProperty(req, "body", {
    configurable: true,
    enumerable: true,
    get: () => body,
    set(value: unknown) {
      if (!Buffer.isBuffer(value) && hasUnstorableText(value)) {
        throw Object.assign(new Error(UNSTORABLE_TEXT_MESSAGES.body), { type: UNSTORABLE_BODY_ERROR, status: 400 });
      }
      body = value;
    },
  });
}
