import crypto from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import pino, { type Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { getBusiness } from "~/config.server";
import { openDatabase, setDatabase, type Database } from "~/db/client.server";
import { seedDemoContent } from "~/db/seed.server";
import { getEnv, type Env } from "~/env.server";
import { chatLeadsApi } from "~/features/chat/leads-api.server";
import { adminApi } from "~/features/admin/admin-api.server";
import { authApi } from "~/features/auth/auth-api.server";
import { resetPasswordAsOperator } from "~/features/admin/users/users.server";
import { recordAudit } from "~/features/audit/audit.server";
import { createUserAsOperator } from "~/features/auth/auth.server";
import { deleteExpiredSessions } from "~/features/auth/session.server";
import { contactApi } from "~/features/contact/contact-api.server";
import { purgeAndRecord, startRetentionSchedule } from "~/features/contact/retention.server";
import { createServices, type AppServices } from "~/services.server";
import { limitFormBodies, rejectCrossSiteWrites } from "./cross-site.server";
import { createPageCache, type PageCache } from "./page-cache.server";

export { createServices };

declare module "react-router" {
  // An interface, not a type alias: only interfaces merge with React Router's declaration.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy; the renderer puts it on every script. */
    cspNonce: string;
    /** The request's logger (carries the request id). */
    logger: Logger;
    /** The client's IP address (behind TRUST_PROXY proxies: the forwarded one). */
    clientIp: string;
    services: AppServices;
  }
}

export type AppOptions = {
  services: AppServices;
  /** The HTML cache; by default one is made when PAGE_CACHE_ENABLED (tests pass their own or none). */
  pageCache?: PageCache | null;
  /** Present in development: Vite serves assets and the freshly compiled app. */
  vite?: ViteDevServer;
  /** Folder of the client build (production). */
  clientDir?: string;
};

/** Builds the Express app around an open database. Used by start() and by the HTTP tests. */
export function createApp({ services, vite, clientDir, pageCache: givenCache }: AppOptions): Express {
  const { env, database, logger } = services;
  const csp = cspDirectives(env, Boolean(vite));
  const app = express();
  const pageCache =
    givenCache !== undefined
      ? givenCache
      : env.PAGE_CACHE_ENABLED && !vite
        ? createPageCache({
            database,
            logger,
            maxEntries: env.PAGE_CACHE_MAX_ENTRIES,
            cspWithoutNonce: serializeCsp(csp, ""),
          })
        : null;
  app.locals.pageCache = pageCache;
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger,
      // Health checks every few seconds would drown the log.
      autoLogging: { ignore: (req) => req.url === "/healthz" },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
      serializers: {
        req: (req: { method: string; url: string; id: unknown }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(securityHeaders(env, csp));
  app.use(["/admin", "/api"], isolateBrowsingContext);
  if (pageCache) app.use(pageCache.serve);
  app.use(compression());

  app.get("/healthz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await withTimeout(database.ping(), 2000);
      res.json({ status: "ok", database: database.kind });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).json({ status: "error", database: database.kind, message: "database unavailable" });
    }
  });

  app.use(rejectCrossSiteWrites(env));
  app.use(contactApi(services));
  app.use(authApi(services));
  app.use(adminApi(services));
  app.use(chatLeadsApi(services));
  app.use(limitFormBodies(64 * 1024));

  let build: () => Promise<ServerBuild>;
  if (vite) {
    app.use(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const dir = clientDir ?? path.resolve("build/client");
    // Vite fingerprints everything under /assets, so it can be cached for a year.
    app.use(
      "/assets",
      express.static(path.join(dir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
    );
    app.use(express.static(dir, { maxAge: "1d", index: false }));
    build = () => import("virtual:react-router/server-build");
  }

  if (pageCache) app.use(pageCache.capture);
  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode: env.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        logger: req.log,
        clientIp: req.ip ?? "unknown",
        services,
      }),
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status =
      (error as { status?: number; statusCode?: number }).status ??
      (error as { statusCode?: number }).statusCode ??
      500;
    if (status >= 500) req.log.error({ err: error }, "request failed");
    if (res.headersSent) return void res.end();
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? "Not found" : status < 500 ? "Bad request" : "Internal server error");
  });

  return app;
}

type CspDirectives = Record<string, Array<string | ((req: unknown, res: unknown) => string)>>;

function cspDirectives(env: Env, dev: boolean): CspDirectives {
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
function serializeCsp(directives: CspDirectives, nonceSource: string): string {
  return Object.entries(directives)
    .map(([name, values]) => {
      const kebab = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const sources = values.map((v) => (typeof v === "function" ? nonceSource : v)).filter(Boolean);
      return sources.length ? `${kebab} ${sources.join(" ")}` : kebab;
    })
    .join(";");
}

function securityHeaders(env: Env, directives: CspDirectives) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    // HSTS only makes sense when the site is served over HTTPS.
    strictTransportSecurity: env.SITE_URL.startsWith("https:")
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
    // Set on staff pages and the API only (isolateBrowsingContext).
    crossOriginOpenerPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
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
function isolateBrowsingContext(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  next();
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}

export function createLogger(env: Env): Logger {
  // Buffered writes (flushed at least every 4 KB and on shutdown): one write syscall per line cost
  // a quarter of the contact API's throughput in bench:contact.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const flush = setInterval(() => destination.flush(), 1000);
  flush.unref();
  process.once("exit", () => destination.flushSync());
  return pino(
    {
      level: env.LOG_LEVEL,
      base: { service: "web" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password"], remove: true },
    },
    destination,
  );
}

/**
 * Starts the site: validates env, opens (locks, migrates, seeds) the database, listens, and
 * shuts down gracefully on SIGTERM/SIGINT — in-flight requests finish, then the DB is closed.
 */
export async function start({ vite }: { vite?: ViteDevServer } = {}): Promise<Server> {
  const env = getEnv();
  const logger = createLogger(env);
  getBusiness(); // validate BUSINESS_* overrides before accepting traffic

  let database: Database;
  try {
    database = await openDatabase({
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      poolSize: env.DATABASE_POOL_SIZE,
    });
  } catch (error) {
    logger.fatal({ err: error }, (error as Error).message);
    // Flush and exit non-zero: a second server on one DATA_DIR must not linger.
    process.stderr.write(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
  setDatabase(database);
  logger.info(
    { database: database.kind, dataDir: database.kind === "pglite" ? env.DATA_DIR : undefined },
    "database ready",
  );
  if (env.SEED_DEMO_CONTENT && (await seedDemoContent(database.db))) logger.info("seeded demo content");

  const services = await createServices({ env, database, logger });
  services.outbox.start();
  const stopRetention = startRetentionSchedule(services);
  const sessionSweep = setInterval(() => {
    deleteExpiredSessions(database.db, services.sessions).catch((error: unknown) =>
      logger.error({ err: error }, "session clean-up failed"),
    );
  }, 3_600_000);
  sessionSweep.unref();
  const app = createApp({ services, vite });
  const server = app.listen(env.PORT, env.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  }).catch(async (error: Error) => {
    logger.fatal({ err: error }, "could not listen");
    await database.close();
    process.exit(1);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ port, url: `http://localhost:${port}` }, "server listening");
  logger.flush(); // start-up lines now, not with the next 4 KB of request logs

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("shutdown timeout: closing remaining connections");
      server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    const closeAll = async () => {
      clearTimeout(force);
      try {
        stopRetention();
        clearInterval(sessionSweep);
        await (app.locals.pageCache as PageCache | null)?.close();
        await services.outbox.stop();
        await database.close();
        logger.info("database closed; bye");
      } catch (error) {
        logger.error({ err: error }, "error closing the database");
      } finally {
        process.exit(0);
      }
    };
    server.close(() => void closeAll());
    server.closeIdleConnections();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return server;
}

/**
 * Maintenance commands run as `node server.js <command>` against the configured database (npm
 * scripts wrap them). With the embedded database they need the server stopped: PGlite allows one
 * process at a time.
 */
export async function runCommand(command: string, args: string[]): Promise<number> {
  const env = getEnv();
  if (command === "purge-contacts") {
    const flag = args.find((a) => a.startsWith("--months="));
    const months = flag ? Number(flag.slice("--months=".length)) : env.RETENTION_MONTHS;
    if (!months || !Number.isInteger(months) || months < 1) {
      process.stderr.write("Set RETENTION_MONTHS or pass --months=N (a whole number of months, 1 or more).\n");
      return 2;
    }
    const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, poolSize: 2 });
    try {
      // Audit-log failures are reported on stderr (stdout carries the result line).
      const deleted = await purgeAndRecord(
        database.db,
        months,
        "command",
        pino({ level: "error" }, pino.destination({ dest: 2, sync: true })),
      );
      process.stdout.write(`Deleted ${deleted} enquir${deleted === 1 ? "y" : "ies"} older than ${months} month(s).\n`);
      return 0;
    } finally {
      await database.close();
    }
  }
  if (command === "create-user") {
    const username = args.find((a) => a.startsWith("--username="))?.slice("--username=".length);
    if (!username) {
      process.stderr.write(
        "Usage: npm run user:create -- --username=NAME  (password from ADMIN_PASSWORD or typed at the prompt)\n",
      );
      return 2;
    }
    const password = process.env.ADMIN_PASSWORD ?? (await readPassword(`Password for ${username}: `));
    const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, poolSize: 2 });
    try {
      const result = await createUserAsOperator(database.db, username, password);
      if (result.status !== "ok") {
        process.stderr.write(`Not created: ${result.status === "invalid" ? result.message : result.status}\n`);
        return 1;
      }
      process.stdout.write(`Created user "${result.user.username}". They can sign in at /admin/login.\n`);
      return 0;
    } finally {
      await database.close();
    }
  }
  if (command === "reset-password") {
    const username = args.find((a) => a.startsWith("--username="))?.slice("--username=".length);
    if (!username) {
      process.stderr.write(
        "Usage: npm run user:reset-password -- --username=NAME [--turn-off-two-factor]  (password from ADMIN_PASSWORD or typed at the prompt)\n",
      );
      return 2;
    }
    const turnOffTwoFactor = args.includes("--turn-off-two-factor");
    const password = process.env.ADMIN_PASSWORD ?? (await readPassword(`New password for ${username}: `));
    const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, poolSize: 2 });
    try {
      const result = await resetPasswordAsOperator(database.db, username, password, { turnOffTwoFactor });
      if (result.status === "not-found") {
        process.stderr.write(`There is no user "${username}".\n`);
        return 1;
      }
      if (result.status === "invalid") {
        process.stderr.write(`Not changed: ${result.message}\n`);
        return 1;
      }
      const log = pino({ level: "error" }, pino.destination({ dest: 2, sync: true }));
      const operator = { userId: null, username: "system", ip: null };
      await recordAudit(
        database.db,
        operator,
        {
          action: "user.password-reset",
          summary: `Reset the password of ${result.username} from the server's command line`,
          target: { type: "user", id: result.userId },
        },
        log,
      );
      if (turnOffTwoFactor) {
        await recordAudit(
          database.db,
          operator,
          {
            action: "two-factor.disable",
            summary: `Turned off two-factor sign-in for ${result.username} from the server's command line`,
            target: { type: "user", id: result.userId },
          },
          log,
        );
      }
      process.stdout.write(
        `New password set for "${result.username}"${turnOffTwoFactor ? ", two-factor sign-in turned off" : ""}; their sessions have ended.\n`,
      );
      return 0;
    } finally {
      await database.close();
    }
  }
  process.stderr.write(
    `Unknown command "${command}". Commands: purge-contacts [--months=N], create-user --username=NAME, reset-password --username=NAME [--turn-off-two-factor]\n`,
  );
  return 2;
}

/** Reads a password from the terminal without echoing it, or one line from piped stdin. */
async function readPassword(prompt: string): Promise<string> {
  const { createInterface } = await import("node:readline");
  const input = process.stdin;
  const rl = createInterface({ input, output: process.stdout, terminal: input.isTTY });
  if (input.isTTY) {
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) =>
      write(s.startsWith(prompt) ? s : "");
  }
  return new Promise((resolve) =>
    rl.question(prompt, (answer) => {
      rl.close();
      if (input.isTTY) process.stdout.write("\n");
      resolve(answer);
    }),
  );
}
