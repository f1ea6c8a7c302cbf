import type { RequestHandler } from "express";
import { redirect } from "react-router";
import type { AppServices } from "~/services.server";
import { readSession, tokenFromCookieHeader, type SessionUser } from "./session.server";

/** The signed-in staff member for a request, or null. */
export function currentUser(request: Request, services: AppServices): Promise<SessionUser | null> {
  return readSession(services.database.db, tokenFromCookieHeader(request.headers.get("cookie"), services.sessions), services.sessions);
}

/**
 * For every admin loader and action: the signed-in user, or a redirect to the sign-in page that
 * brings them back here afterwards.
 */
export async function requireAdmin(request: Request, services: AppServices): Promise<SessionUser> {
  const user = await currentUser(request, services);
  if (user) return user;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(`/admin/login?redirectTo=${encodeURIComponent(back)}`, { headers: { "Cache-Control": "no-store" } });
}

/** For every /api/admin handler: 401 JSON without a valid session; the user in res.locals.user. */
export function requireAdminApi(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    try {
      const user = await readSession(services.database.db, tokenFromCookieHeader(req.headers.cookie, services.sessions), services.sessions);
      res.setHeader("Cache-Control", "no-store");
      if (!user) {
        res.status(401).json({ message: "Please sign in to continue." });
        return;
      }
      res.locals.user = user;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** Only same-site relative paths under /admin: never an open redirect. */
export function safeRedirectTo(value: string | null | undefined): string {
  if (!value || !value.startsWith("/admin") || value.startsWith("//") || value.includes("\\")) return "/admin";
  return value.startsWith("/admin/login") ? "/admin" : value;
}
