import express, { type Request as ExpressRequest, type RequestHandler, type Response } from "express";
import { data, redirect } from "react-router";
import { sendApiError } from "~/api/api-errors.server";
import { unlessDatabaseUnavailable } from "~/db/database-unavailable.server";
import type { AppServices } from "~/services.server";
import {
  apiRuleFor,
  confirmNeeded,
  mayOpen,
  notAllowedMessage,
  PAGE_CONFIRM,
  ruleAllows,
  type AdminPage,
} from "./access";
import { isRecentlyConfirmed, readSession, tokenFromCookieHeader, type SessionState } from "./session.server";

/** Where a user is sent to set up two-factor sign-in when an admin requires it. */
export const TWO_FACTOR_PAGE = "/admin/account/two-factor";
export const TWO_FACTOR_REQUIRED_MESSAGE = `Two-factor sign-in is required. Set it up at ${TWO_FACTOR_PAGE}.`;

/** The signed-in staff member for a request, or null. */
export function currentUser(request: Request, services: AppServices): Promise<SessionState | null> {
  return readSession(
    services.database.db,
    tokenFromCookieHeader(request.headers.get("cookie"), services.sessions),
    services.sessions,
  );
}

/** A page request's session, read once: its load context is the request's own (server/create-app.server.ts). */
const sessionOfContext = new WeakMap<object, Promise<SessionState | null>>();

/**
 * The session for an admin page's loaders: the admin layout's loader and the page's run together
 * for one GET and share one read (React Router hands each loader its own copy of the Request, but
 * the same load context). An action reads its own, as it may sign out or confirm the password.
 */
function sessionOfPage(request: Request, context: { services: AppServices }): Promise<SessionState | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return currentUser(request, context.services);
  const known = sessionOfContext.get(context);
  if (known) return known;
  const reading = currentUser(request, context.services);
  sessionOfContext.set(context, reading);
  return reading;
}

/** Signed in, but an admin requires two-factor sign-in and this user has not set it up yet. */
export const mustSetUpTwoFactor = (user: SessionState) => user.twoFactorRequired && !user.twoFactorEnabled;

/**
 * For every admin loader and action: the signed-in user, or a redirect to the sign-in page that
 * brings them back here afterwards. While two-factor sign-in is required and the user has none,
 * every admin page but the set-up page redirects there (the setting and the user's state come
 * with the session's own query: no extra round trip). If the database is unavailable: a 503
 * response, shown as "database unavailable". A page outside the user's role (features/auth/access.ts)
 * answers 403 with a message, shown in the admin as "Not available to your account".
 */
export async function requireAdmin(
  request: Request,
  context: { services: AppServices },
  page: AdminPage,
): Promise<SessionState> {
  const user = await unlessDatabaseUnavailable(() => sessionOfPage(request, context));
  const url = new URL(request.url);
  if (!user) {
    const back = `${url.pathname}${url.search}`;
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(back)}`, { headers: { "Cache-Control": "no-store" } });
  }
  if (mustSetUpTwoFactor(user) && url.pathname.replace(/\/+$/, "") !== TWO_FACTOR_PAGE) {
    throw redirect(TWO_FACTOR_PAGE, { headers: { "Cache-Control": "no-store" } });
  }
  if (!mayOpen(user.role, page)) {
    throw data({ message: notAllowedMessage(user.role) }, { status: 403, headers: { "Cache-Control": "no-store" } });
  }
  return user;
}

export const CONFIRM_MESSAGE = "Please confirm it's you: enter your password to continue.";

/**
 * For every /api/admin handler: 401 JSON without a valid session, 403 while the user still has to
 * set up a required two-factor sign-in, 403 for a call outside the user's role, and 403
 * { message, confirm: true } for a dangerous call (the table's `confirm`, in
 * features/auth/access.ts) unless the session confirmed its password (and code) with
 * POST /api/auth/confirm in the last 10 minutes: the admin then asks for the password and retries.
 * The user in res.locals.user.
 */
export function requireAdminApi(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    const user = await readSession(
      services.database.db,
      tokenFromCookieHeader(req.headers.cookie, services.sessions),
      services.sessions,
    );
    res.setHeader("Cache-Control", "no-store");
    if (!user) {
      return sendApiError(res, 401, "Please sign in to continue.");
    }
    if (mustSetUpTwoFactor(user)) {
      return sendApiError(res, 403, TWO_FACTOR_REQUIRED_MESSAGE);
    }
    // Mounted at /api/admin, so the path without it is req.originalUrl's.
    const path = req.originalUrl.split("?")[0]!;
    // One look-up decides both who may call and whether it needs a recent password confirmation.
    const rule = apiRuleFor(req.method, path);
    if (!ruleAllows(rule, user.role)) {
      return sendApiError(res, 403, notAllowedMessage(user.role));
    }
    if (rule?.confirm && !isRecentlyConfirmed(user)) {
      // A rule that depends on the body reads it here; the route's own parser then finds it read.
      const body = typeof rule.confirm === "function" ? await jsonBodyOf(req, res) : undefined;
      if (confirmNeeded(rule, { body })) return sendApiError(res, 403, CONFIRM_MESSAGE, { confirm: true });
    }
    res.locals.user = user;
    next();
  };
}

const parseJson = express.json({ limit: "1mb", strict: false });

/** The request's JSON body (undefined when it is not JSON); a body the parser refuses rejects, as on its route. */
function jsonBodyOf(req: ExpressRequest, res: Response): Promise<unknown> {
  if (!req.is("application/json")) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    parseJson(req, res, (error?: unknown) => {
      if (error) reject(error instanceof Error ? error : new Error("The request body could not be read."));
      else resolve(req.body);
    });
  });
}

/**
 * For an admin page's action: whether this form (its `intent`) needs a recent confirmation
 * (PAGE_CONFIRM in features/auth/access.ts) that the session has not given. The page then answers
 * 403 with `confirm: true` and asks for the password, as the API does.
 */
export function pageNeedsConfirmation(user: SessionState, page: AdminPage, intent: string): boolean {
  return (PAGE_CONFIRM[page]?.includes(intent) ?? false) && !isRecentlyConfirmed(user);
}

/** Only same-site relative paths under /admin: never an open redirect. */
export function safeRedirectTo(value: string | null | undefined): string {
  if (!value || !value.startsWith("/admin") || value.startsWith("//") || value.includes("\\")) return "/admin";
  return value.startsWith("/admin/login") ? "/admin" : value;
}
