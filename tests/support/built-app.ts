import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino, { type Logger } from "pino";
import type {
  createApp as CreateApp,
  createHttpServer as CreateHttpServer,
  createServices as CreateServices,
} from "../../server/index";
import type { Database } from "~/db/client.server";
import { getEnv } from "~/env.server";
import type { MailTransport } from "~/features/mail/mailer.server";

const buildEntry = path.resolve("build/server/index.js");

/** The production server bundle (npm run build); HTTP tests exercise exactly what ships. */
export async function loadBuiltApp(): Promise<{
  createApp: typeof CreateApp;
  createHttpServer: typeof CreateHttpServer;
  createServices: typeof CreateServices;
}> {
  if (!fs.existsSync(buildEntry))
    throw new Error(`${buildEntry} is missing: run "npm run build" before the integration tests`);
  return import(pathToFileURL(buildEntry).href);
}

export type ServeOptions = {
  env?: Record<string, string>;
  /** Mail transport for the outbox; null = mail not configured (the default in tests). */
  transport?: MailTransport | null;
  /** Where the server logs (request lines included); silent by default. */
  logger?: Logger;
};

/** Serves the built app on an ephemeral port around the given database. */
export async function serveBuiltApp(database: Database, options: ServeOptions = {}) {
  const { createApp, createHttpServer, createServices } = await loadBuiltApp();
  const env = getEnv({ ...process.env, NODE_ENV: "production", LOG_LEVEL: "silent", ...options.env });
  const services = await createServices({
    env,
    database,
    logger: options.logger ?? pino({ level: "silent" }),
    transport: options.transport ?? null,
  });
  const app = createApp({ services, clientDir: path.resolve("build/client") });
  // As start() serves it: cached pages on the fast path, everything else through the app.
  const server = createHttpServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    services,
    app,
    pageCache: app.locals.pageCache as { stats(): { entries: number; hits: number; misses: number } } | null,
    close: async () => {
      (app.locals.pageCache as { close(): void } | null)?.close();
      await services.outbox.stop();
      await services.pdf.close();
      await services.contentVersion.close();
      await services.notFoundLog.close();
      await services.analytics.close();
      for (const limit of Object.values(services.limits)) limit.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Signs in through the API (POST /api/auth/login) and answers the session cookie to send with requests. */
export async function signIn(origin: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`signing in as ${username} answered ${res.status}, not 200`);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

/**
 * Confirms a signed-in session's password (POST /api/auth/confirm), as the admin's dialog does, so
 * the dangerous calls a test makes (exports, other users' passwords, mail settings) go through for
 * the next 10 minutes.
 */
export async function confirmSession(origin: string, cookie: string, password: string): Promise<void> {
  const res = await fetch(`${origin}/api/auth/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ password }),
  });
  if (res.status !== 204) throw new Error(`confirming the session answered ${res.status}, not 204`);
}

/** `body`: the parsed JSON (each test reads the fields it expects), null when the answer is not JSON. */
export type ApiAnswer = { status: number; headers: Headers; text: string; body: any };

/** A call to the served app's JSON API: `body` sent as JSON, the answer parsed when it is JSON. */
export async function callApi(
  origin: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answerOf(res);
}

/** A POST of raw bytes (a photo, a PDF) as the request body, with their content type, as a phone sends a file. */
export async function postBytes(
  origin: string,
  path: string,
  bytes: Buffer,
  type: string,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  const res = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { ...headers, "content-type": type },
    body: new Uint8Array(bytes),
  });
  return answerOf(res);
}

async function answerOf(res: Response): Promise<ApiAnswer> {
  const text = await res.text();
  const json = res.headers.get("content-type")?.includes("json");
  return { status: res.status, headers: res.headers, text, body: text && json ? JSON.parse(text) : null };
}
