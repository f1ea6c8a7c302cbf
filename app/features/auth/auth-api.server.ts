import express, { type Response, type Router } from "express";
import { apiBodyErrors, readJsonBody, sendApiError } from "~/api/api-errors.server";
import type { AppServices } from "~/services.server";
import { completeTwoFactorSignIn, login, logout, register, type AuthResult } from "./auth.server";
import { confirmIdentity } from "./confirm.server";
import { requestPasswordReset, resetPasswordWithLink } from "./password-reset.server";
import { clearSessionCookie, readSession, sessionCookie, tokenFromCookieHeader } from "./session.server";
import { challengeCookie, challengeTokenFromCookieHeader, clearChallengeCookie } from "./two-factor/challenge.server";

/**
 * The spec's auth calls: GET /api/auth/user, POST /api/auth/login, /register, /logout; and the
 * sign-in's second step, POST /api/auth/login/two-factor { code }, for users with two-factor on;
 * POST /api/auth/confirm { password, code? } before a dangerous admin call (204); and "Forgot
 * password?": POST /api/auth/password-reset { username }, then POST /api/auth/password-reset/{token}
 * { password } from the e-mailed link.
 */
export function authApi(services: AppServices): Router {
  const router = express.Router();
  const readJson = readJsonBody({ limit: "4kb" });
  router.use("/api/auth", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.get("/api/auth/user", async (req, res) => {
    const user = await readSession(
      services.database.db,
      tokenFromCookieHeader(req.headers.cookie, services.sessions),
      services.sessions,
    );
    if (!user) return sendApiError(res, 401, "Not signed in.");
    res.json({ id: user.id, username: user.username, fullName: user.fullName, role: user.role });
  });

  const answer = (req: express.Request, res: Response, result: AuthResult, created = false) => {
    const hadChallenge = challengeTokenFromCookieHeader(req.headers.cookie, services.sessions) !== undefined;
    switch (result.status) {
      case "ok":
        // A finished sign-in also ends any half-finished one.
        res.setHeader("Set-Cookie", [
          sessionCookie(result.token, services.sessions),
          ...(hadChallenge ? [clearChallengeCookie(services.sessions)] : []),
        ]);
        // The spec's answer is the user with its username; `name` is how the admin names them.
        res
          .status(created ? 201 : 200)
          .json({ id: result.user.id, username: result.user.username, name: result.user.name });
        return;
      case "two-factor":
        // Password right, no session yet: the code step continues from this short-lived cookie.
        res.setHeader("Set-Cookie", challengeCookie(result.challengeToken, services.sessions));
        res.status(200).json({ twoFactorRequired: true });
        return;
      case "expired":
        res.setHeader("Set-Cookie", clearChallengeCookie(services.sessions));
        sendApiError(res, 401, result.message, { restart: true });
        return;
      case "invalid":
        sendApiError(res, 400, result.message, { fieldErrors: result.fieldErrors });
        return;
      case "denied":
        sendApiError(res, 401, result.message, result.fieldErrors ? { fieldErrors: result.fieldErrors } : undefined);
        return;
      case "rate-limited":
        res.setHeader("Retry-After", String(result.retryAfterSeconds));
        sendApiError(res, 429, result.message, { retryAfterSeconds: result.retryAfterSeconds });
        return;
      case "closed":
        sendApiError(res, 403, result.message);
        return;
    }
  };

  router.post("/api/auth/login", readJson, async (req, res) => {
    const previousToken = tokenFromCookieHeader(req.headers.cookie, services.sessions);
    answer(req, res, await login(req.body, { services, ip: req.ip ?? "unknown", logger: req.log, previousToken }));
  });

  router.post("/api/auth/login/two-factor", readJson, async (req, res) => {
    const challengeToken = challengeTokenFromCookieHeader(req.headers.cookie, services.sessions);
    const previousToken = tokenFromCookieHeader(req.headers.cookie, services.sessions);
    answer(
      req,
      res,
      await completeTwoFactorSignIn(req.body, {
        services,
        ip: req.ip ?? "unknown",
        logger: req.log,
        previousToken,
        challengeToken,
      }),
    );
  });

  router.post("/api/auth/register", readJson, async (req, res) => {
    answer(req, res, await register(req.body, { services, ip: req.ip ?? "unknown", logger: req.log }), true);
  });

  // "Forgot password?": 202 whatever the username (no telling which exist), then the link's POST.
  router.post("/api/auth/password-reset", readJson, async (req, res) => {
    const result = await requestPasswordReset(req.body, { services, ip: req.ip ?? "unknown", logger: req.log });
    if (result.status === "invalid") return sendApiError(res, 400, result.message, { fieldErrors: result.fieldErrors });
    if (result.status === "rate-limited") {
      res.setHeader("Retry-After", String(result.retryAfterSeconds));
      return sendApiError(res, 429, result.message, { retryAfterSeconds: result.retryAfterSeconds });
    }
    res.status(202).json({ message: result.message });
  });

  router.post("/api/auth/password-reset/:token", readJson, async (req, res) => {
    const result = await resetPasswordWithLink(String(req.params.token), req.body, {
      services,
      ip: req.ip ?? "unknown",
      logger: req.log,
    });
    if (result.status === "gone") return sendApiError(res, 410, result.message);
    if (result.status === "invalid") return sendApiError(res, 400, result.message, { fieldErrors: result.fieldErrors });
    res.json({ message: result.message });
  });

  router.post("/api/auth/logout", async (req, res) => {
    await logout(tokenFromCookieHeader(req.headers.cookie, services.sessions), {
      services,
      ip: req.ip ?? "unknown",
      logger: req.log,
    });
    res.setHeader("Set-Cookie", clearSessionCookie(services.sessions));
    res.json({ message: "You have been logged out successfully" });
  });

  router.post("/api/auth/confirm", readJson, async (req, res) => {
    const result = await confirmIdentity(req.body, {
      services,
      token: tokenFromCookieHeader(req.headers.cookie, services.sessions),
      ip: req.ip ?? "unknown",
      logger: req.log,
    });
    switch (result.status) {
      case "ok":
        return void res.status(204).end();
      case "signed-out":
        return sendApiError(res, 401, "Please sign in to continue.");
      case "invalid":
        return sendApiError(res, 400, result.message, { fieldErrors: result.fieldErrors });
      case "denied":
        return sendApiError(res, 401, result.message, { fieldErrors: result.fieldErrors });
      case "rate-limited":
        res.setHeader("Retry-After", String(result.retryAfterSeconds));
        return sendApiError(res, 429, result.message, { retryAfterSeconds: result.retryAfterSeconds });
    }
  });

  router.use("/api/auth", apiBodyErrors({ tooLarge: "Request too large." }));
  return router;
}
