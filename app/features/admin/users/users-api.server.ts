import express, { type Request, type Response, type Router } from "express";
import { actorOf, recordAudit } from "~/features/audit/audit.server";
import { tokenFromCookieHeader } from "~/features/auth/session.server";
import type { AppServices } from "~/services.server";
import { sendApiError } from "~/api/api-errors.server";
import type { SessionState } from "~/features/auth/session.server";
import { idParam, readJson, sendNotFound } from "../list/resource-api.server";
import { setTwoFactorRequired } from "~/features/auth/two-factor/two-factor-policy.server";
import {
  changeOwnPassword,
  changeUserRole,
  createUser,
  deleteUser,
  listUsers,
  resetUserPassword,
  roleChangeSummary,
  setFullName,
  setUserEmail,
  turnOffTwoFactorFor,
} from "./users.server";
import { TwoFactorPolicySchema } from "./users-schema";

/**
 * /api/admin/users (list, add), /api/admin/users/:id (change the role, delete),
 * /api/admin/users/:id/password (reset), /api/admin/users/:id/email (their address for reset links
 * and the digest), /api/admin/users/:id/name (their full name), /api/admin/users/:id/two-factor
 * (turn off), /api/admin/settings/two-factor (require for all), /api/admin/account/password and
 * /api/admin/account/name (your own).
 * Mounted after the admin guard (owners only, but for your own password); every change is audited
 * (never with a password). What can take over an account or weaken sign-in needs a recent
 * confirmation of the caller's password: the guard asks for it (`confirm` in features/auth/access.ts).
 */
export function usersApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;
  const me = (res: Response) => res.locals.user as SessionState;
  const audit = (req: Request, res: Response, entry: Parameters<typeof recordAudit>[2]) =>
    recordAudit(db(), actorOf(me(res), req.ip), entry, req.log);

  router.get("/api/admin/users", async (_req, res) => {
    res.json(await listUsers(db()));
  });

  router.post("/api/admin/users", readJson, async (req, res) => {
    const result = await createUser(db(), req.body);
    if (result.status !== "ok")
      return sendApiError(res, result.status === "conflict" ? 409 : 400, result.message, {
        fieldErrors: result.fieldErrors,
      });
    await audit(req, res, {
      action: "user.create",
      summary: `Added user ${result.user.username}`,
      target: { type: "user", id: result.user.id },
      details: { passwordGenerated: result.generatedPassword !== null, role: result.user.role },
    });
    res.status(201).json({ ...result.user, generatedPassword: result.generatedPassword });
  });

  router.put("/api/admin/users/:id", readJson, async (req, res) => {
    const id = idParam(req.params.id);
    if (!id) return sendNotFound(res, "user");
    const result = await changeUserRole(db(), id, req.body);
    if (result.status === "not-found") return sendNotFound(res, "user");
    if (result.status === "invalid") return sendApiError(res, 400, result.message, { fieldErrors: result.fieldErrors });
    if (result.status === "refused") return sendApiError(res, 409, result.message);
    if (result.status === "ok")
      await audit(req, res, {
        action: "user.role",
        summary: roleChangeSummary(result.user.username, result.from, result.to),
        target: { type: "user", id },
        details: { from: result.from, to: result.to },
      });
    res.json(result.user);
  });

  router.put("/api/admin/users/:id/password", readJson, async (req, res) => {
    const id = idParam(req.params.id);
    if (!id) return sendNotFound(res, "user");
    const result = await resetUserPassword(db(), me(res).id, id, req.body);
    if (result.status === "not-found") return sendNotFound(res, "user");
    if (result.status === "self") return sendApiError(res, 400, result.message);
    if (result.status === "invalid") return sendApiError(res, 400, result.message, { fieldErrors: result.fieldErrors });
    await audit(req, res, {
      action: "user.password-reset",
      summary: `Reset the password of ${result.username}`,
      target: { type: "user", id },
      details: { passwordGenerated: result.generatedPassword !== null, sessionsEnded: result.sessionsEnded },
    });
    res.json({
      username: result.username,
      generatedPassword: result.generatedPassword,
      sessionsEnded: result.sessionsEnded,
    });
  });

  // Where someone's reset links go (yours included): pointing it elsewhere could take the account.
  router.put("/api/admin/users/:id/email", readJson, async (req, res) => {
    const id = idParam(req.params.id);
    if (!id) return sendNotFound(res, "user");
    const result = await setUserEmail(db(), id, req.body);
    if (result.status === "not-found") return sendNotFound(res, "user");
    if (result.status === "invalid") return sendApiError(res, 400, result.message, { fieldErrors: result.fieldErrors });
    await audit(req, res, {
      action: "user.email",
      summary: result.email
        ? `Set the e-mail address of ${result.username}`
        : `Removed the e-mail address of ${result.username}`,
      target: { type: "user", id },
    });
    res.json({ email: result.email });
  });

  router.put("/api/admin/users/:id/name", readJson, async (req, res) => {
    const id = idParam(req.params.id);
    if (!id) return sendNotFound(res, "user");
    const result = await setFullName(db(), id, req.body);
    if (result.status === "not-found") return sendNotFound(res, "user");
    if (result.status === "invalid") return sendApiError(res, 400, result.message, { fieldErrors: result.fieldErrors });
    await audit(req, res, {
      action: "user.name",
      summary: `Set the full name of ${result.username}`,
      target: { type: "user", id },
    });
    res.json({ fullName: result.fullName });
  });

  router.put("/api/admin/account/name", readJson, async (req, res) => {
    const user = me(res);
    const result = await setFullName(db(), user.id, req.body);
    if (result.status === "not-found") return sendNotFound(res, "user");
    if (result.status === "invalid") return sendApiError(res, 400, result.message, { fieldErrors: result.fieldErrors });
    await audit(req, res, {
      action: "account.name",
      summary: `${user.username} set their full name`,
      target: { type: "user", id: user.id },
    });
    res.json({ fullName: result.fullName });
  });

  router.delete("/api/admin/users/:id/two-factor", async (req, res) => {
    const id = idParam(req.params.id);
    if (!id) return sendNotFound(res, "user");
    const result = await turnOffTwoFactorFor(db(), me(res).id, id);
    if (result.status === "not-found") return sendNotFound(res, "user");
    if (result.status === "self") return sendApiError(res, 400, result.message);
    await audit(req, res, {
      action: "two-factor.disable",
      summary: `Turned off two-factor sign-in for ${result.username}`,
      target: { type: "user", id },
    });
    res.status(204).end();
  });

  router.delete("/api/admin/users/:id", async (req, res) => {
    const id = idParam(req.params.id);
    if (!id) return sendNotFound(res, "user");
    const result = await deleteUser(db(), me(res).id, id);
    if (result.status === "not-found") return sendNotFound(res, "user");
    if (result.status === "refused") return sendApiError(res, 409, result.message);
    await audit(req, res, {
      action: "user.delete",
      summary: `Deleted user ${result.username}`,
      target: { type: "user", id },
    });
    res.status(204).end();
  });

  router.put("/api/admin/settings/two-factor", readJson, async (req, res) => {
    const parsed = TwoFactorPolicySchema.safeParse(req.body);
    if (!parsed.success) return sendApiError(res, 400, parsed.error.issues[0]!.message);
    await setTwoFactorRequired(db(), parsed.data.required);
    await audit(req, res, {
      action: "settings.require-two-factor",
      summary: parsed.data.required ? "Required two-factor sign-in for every user" : "Made two-factor sign-in optional",
      details: { required: parsed.data.required },
    });
    res.json({ required: parsed.data.required });
  });

  router.put("/api/admin/account/password", readJson, async (req, res) => {
    const user = me(res);
    // A stolen session must not be a way to guess the password: the sign-in throttle applies.
    const throttle = await services.limits.loginUser.consume(`user:${user.username.toLowerCase()}`);
    if (!throttle.allowed) {
      const minutes = Math.ceil(throttle.retryAfterSeconds / 60);
      res.setHeader("Retry-After", String(throttle.retryAfterSeconds));
      return sendApiError(
        res,
        429,
        `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      );
    }
    const result = await changeOwnPassword(
      db(),
      user.id,
      tokenFromCookieHeader(req.headers.cookie, services.sessions),
      req.body,
    );
    if (result.status === "invalid") return sendApiError(res, 400, result.message, { fieldErrors: result.fieldErrors });
    if (result.status === "denied") return sendApiError(res, 403, result.message, { fieldErrors: result.fieldErrors });
    await services.limits.loginUser.reset(`user:${user.username.toLowerCase()}`);
    await audit(req, res, {
      action: "account.password-change",
      summary: `${user.username} changed their password`,
      target: { type: "user", id: user.id },
      details: { otherSessionsEnded: result.sessionsEnded },
    });
    res.json({ message: "Your password has been changed.", otherSessionsEnded: result.sessionsEnded });
  });

  return router;
}
