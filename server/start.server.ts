import { spawn } from "node:child_process";
import type { Server } from "node:http";
import type { Logger } from "pino";
import type { ViteDevServer } from "vite";
import { getBusiness } from "~/config.server";
import { databaseLocation, openDatabase, type Database } from "~/db/client.server";
import { DiskSpaceError } from "~/db/disk-full-writes.server";
import {
  markSeededDemoRows,
  seedBlogPage,
  seedDemoContent,
  seedEstimatePage,
  seedFirstPost,
  unmarkSiteOwnPost,
} from "~/features/demo/seed.server";
import { adoptBusinessPlaceholders } from "~/features/demo/seed-placeholders.server";
import { recordFirstRevisions } from "~/features/pages/page-revisions.server";
import { ensurePriceList } from "~/features/estimate/pricing.server";
import { attachStoredLeads } from "~/features/clients/attach-stored-leads.server";
import { getEnv, type Env } from "~/env.server";
import { deleteExpiredSessions } from "~/features/auth/session.server";
import { startBackupSchedule } from "~/features/backup/backup-schedule.server";
import { createBackupFile } from "~/features/backup/backup.server";
import { conversionDue, convertPgliteToPostgres, type Conversion } from "~/features/backup/convert-to-postgres.server";
import { startControlSocket } from "~/features/backup/control-socket.server";
import { startDigestSchedule } from "~/features/admin/leads/digest.server";
import { startQuoteReminderSchedule } from "~/features/quotes/quote-reminders.server";
import { startBillingReminderSchedule } from "~/features/invoices/invoice-reminders.server";
import { startReviewReminderSchedule } from "~/features/reviews/review-reminders.server";
import { startSurveyReminderSchedule } from "~/features/booking/reminders.server";
import { startAuditRetentionSchedule } from "~/features/audit/audit-retention.server";
import { startRetentionSchedule } from "~/features/contact/retention.server";
import { startQuarantineSchedule } from "~/features/leads/quarantine.server";
import { startAnalyticsSchedule } from "~/features/analytics/roll-up.server";
import { removeLeftoverSpoolFiles } from "~/features/uploads/spool.server";
import { addMissingUploadWidths, addProjectWebFormats } from "~/features/uploads/uploads.server";
import { backgroundNice, lowerHelperThreads } from "~/background-priority.server";
import { createServices } from "~/services.server";
import { createHttpServer } from "./cached-page-fast-path.server";
import { handleClientErrors, httpServerOptions } from "./client-limits.server";
import { createApp } from "./create-app.server";
import { prepareGracefulClose, stepUntil } from "./graceful-shutdown.server";
import { createLogger } from "./logger.server";
import type { PageCache } from "./page-cache.server";

/**
 * Converts a PGlite DATA_DIR that is due (see conversionDue) before the database opens, logging
 * what it does. Answers the embedded engine to open: PGlite when the conversion failed with
 * EMBEDDED_DB unset (the PGlite database is untouched: serve it as before rather than not at all),
 * else what EMBEDDED_DB says. Built, it runs in a child process (`node server.js
 * convert-to-postgres`): PGlite's WebAssembly memory (about 300 MB) is not all returned once it is
 * closed, and goes with the child.
 */
async function convertPgliteIfDue(env: Env, logger: Logger, inChildProcess: boolean): Promise<Env["EMBEDDED_DB"]> {
  const due = await conversionDue(env);
  if (!due) return env.EMBEDDED_DB;
  if (due.cannot) {
    logger.warn(`keeping the embedded PGlite database (about 400 MB of memory) in ${env.DATA_DIR}: ${due.cannot}`);
    return env.EMBEDDED_DB;
  }
  logger.info(
    { dataDir: env.DATA_DIR },
    "converting the embedded PGlite database to the embedded PostgreSQL (EMBEDDED_DB=pglite keeps PGlite)",
  );
  logger.flush();
  try {
    const done = inChildProcess
      ? await convertInChildProcess()
      : await convertPgliteToPostgres({ dataDir: env.DATA_DIR, backupDir: env.BACKUP_DIR });
    logger.info(
      done,
      `converted in ${(done.ms / 1000).toFixed(1)} s (${done.rows} rows); the backup taken first is ${done.backupFile}, ` +
        `and the PGlite files are kept in ${done.pgliteKeptAt} (delete them once the site looks right)`,
    );
    return env.EMBEDDED_DB;
  } catch (error) {
    if (env.EMBEDDED_DB === "postgres") throw error;
    logger.error({ err: error }, "converting to the embedded PostgreSQL failed; starting on PGlite as before");
    return "pglite";
  }
}

/** Runs `node server.js convert-to-postgres` with this process's environment; its JSON answer. */
async function convertInChildProcess(): Promise<Conversion> {
  const child = spawn(process.execPath, [process.argv[1]!, "convert-to-postgres"], {
    env: { ...process.env, NODE_ENV: "production", NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) throw new Error(`the conversion exited with ${code}: ${stderr.trim() || stdout.trim()}`);
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as Conversion;
}

/**
 * Starts the site: validates env, opens (locks, migrates, seeds) the database, listens, and
 * shuts down gracefully on SIGTERM/SIGINT — in-flight requests finish, then the DB is closed, all
 * within SHUTDOWN_TIMEOUT_MS.
 */
export async function start({ vite }: { vite?: ViteDevServer } = {}): Promise<Server> {
  const env = getEnv();
  const logger = createLogger(env);
  getBusiness(); // validate BUSINESS_* overrides before accepting traffic

  let database: Database;
  try {
    database = await openDatabase({
      ...databaseLocation(env),
      embedded: await convertPgliteIfDue(env, logger, !vite),
      log: (message, level = "info") => logger[level](message),
      poolSize: env.DATABASE_POOL_SIZE,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      onConnectionError: (error) => logger.warn({ err: error }, "database connection lost; the pool reconnects"),
      minFreeBytes: env.DATA_DIR_MIN_FREE_MB * 2 ** 20,
    });
  } catch (error) {
    logger.fatal({ err: error }, (error as Error).message);
    // Flush and exit non-zero: a second server on one DATA_DIR must not linger.
    process.stderr.write(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
  logger.info(
    {
      database: env.DATABASE_URL ? "postgres" : database.kind === "pglite" ? "pglite" : "embedded postgres",
      dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
    },
    "database ready",
  );
  try {
    if (env.SEED_DEMO_CONTENT && (await seedDemoContent(database.db))) logger.info("seeded demo content");
    // The price table is not demo content: the estimate needs one, so every database gets the seed prices.
    if (await ensurePriceList(database.db)) logger.info("seeded the price table");
    if (await seedFirstPost(database.db)) logger.info("added the blog's first post");
    if (await seedBlogPage(database.db)) logger.info("added the blog's row to Pages");
    if (await seedEstimatePage(database.db)) logger.info("added the estimate page's row to Pages");
    // Before the demo marking: it recognises unedited rows by today's seed text.
    const placeholders = await adoptBusinessPlaceholders(database.db);
    if (placeholders > 0)
      logger.info({ rows: placeholders }, "seeded text now names the business through placeholders");
    const marked = await markSeededDemoRows(database.db);
    if (marked > 0) logger.info({ rows: marked }, "marked the unedited seeded rows as demo content");
    if ((await unmarkSiteOwnPost(database.db)) > 0) logger.info("the blog's first post is the site's own, not demo");
    const recorded = await recordFirstRevisions(database.db);
    if (recorded > 0) logger.info({ pages: recorded }, "recorded the pages' current text as their first revision");
    // Leads stored before clients existed join their clients (once: attached leads are not read again).
    const attached = await attachStoredLeads(database.db, {
      onBatch: (leads) => logger.info({ leads }, "attaching stored leads to their clients"),
    });
    if (attached > 0) logger.info({ leads: attached }, "every stored lead now belongs to a client");
  } catch (error) {
    // A server restarted on a full disk serves what it has (and answers 503 to writes); the
    // seeds are checked again at the next start.
    const diskFull = error instanceof DiskSpaceError ? error : (error as Error).cause;
    if (!(diskFull instanceof DiskSpaceError)) throw error;
    logger.warn({ err: diskFull }, "start-up seeding skipped: the disk is full");
  }

  const services = await createServices({ env, database, logger });
  const leftovers = removeLeftoverSpoolFiles(services.uploadSpool.dir);
  if (leftovers > 0) logger.info({ files: leftovers }, "removed uploads left half-received by an earlier run");
  services.outbox.start();
  const stopRetention = startRetentionSchedule(services);
  const stopQuarantine = startQuarantineSchedule(services);
  const stopAuditRetention = startAuditRetentionSchedule(services);
  const stopAnalytics = startAnalyticsSchedule(services);
  const stopBackups = startBackupSchedule(services);
  // `npm run backup` on the embedded database asks this server (only one process may open it).
  const stopControl = env.DATABASE_URL
    ? async () => {}
    : await startControlSocket(
        env.DATA_DIR,
        { backup: (dir) => createBackupFile(database, dir, { trigger: "manual" }) },
        logger,
      );
  const stopDigest = startDigestSchedule(services);
  const stopQuoteReminders = startQuoteReminderSchedule(services);
  const stopBillingReminders = startBillingReminderSchedule(services);
  const stopReviewReminders = startReviewReminderSchedule(services);
  const stopSurveyReminders = startSurveyReminderSchedule(services);
  const sessionSweep = setInterval(() => {
    deleteExpiredSessions(database.db, services.sessions).catch((error: unknown) =>
      logger.error({ err: error }, "session clean-up failed"),
    );
  }, 3_600_000);
  sessionSweep.unref();
  const app = createApp({ services, vite });
  const server = createHttpServer(app, httpServerOptions(env));
  handleClientErrors(server, logger);
  const closeHttp = prepareGracefulClose(server);
  server.listen(env.PORT, env.HOST);
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
  // The event loop answers every request: the helper threads yield to it (background-priority.server.ts).
  const lowered = await lowerHelperThreads();
  if (lowered > 0) logger.info({ threads: lowered, nice: backgroundNice() }, "helper threads run below the event loop");
  logger.flush(); // start-up lines now, not with the next 4 KB of request logs
  // Uploads stored before a standard image width existed get it, in the background while serving.
  let widthsStopped = false;
  const addingWidths = addMissingUploadWidths(database.db, {
    stopped: () => widthsStopped,
    onError: (id, error) => logger.warn({ err: error, upload: id }, "could not add an upload's missing image widths"),
  })
    .then((uploads) => {
      if (uploads > 0) logger.info({ uploads }, "added the missing image widths of stored uploads");
    })
    .catch((error: unknown) => logger.error({ err: error }, "adding the missing image widths of uploads failed"))
    // Then the AVIF and WebP of job photos a project shows, if a stop interrupted making them.
    .then(() =>
      addProjectWebFormats(database.db, {
        stopped: () => widthsStopped,
        onError: (id, error) => logger.warn({ err: error, upload: id }, "could not add a project photo's web formats"),
      }),
    )
    .then((uploads) => {
      if (uploads > 0) logger.info({ uploads }, "added the web formats of project photos from jobs");
    })
    .catch((error: unknown) => logger.error({ err: error }, "adding project photos' web formats failed"));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.locals.shuttingDown = true; // /readyz answers 503 from now on
    // The whole stop fits in SHUTDOWN_TIMEOUT_MS: requests get most of it, then each closing step
    // gets a bounded slice, the database its own at the end, and a margin is left for the exit.
    const budget = env.SHUTDOWN_TIMEOUT_MS;
    const begun = Date.now();
    const deadline = begun + budget - Math.min(250, budget * 0.05);
    // The database's slice includes the embedded PostgreSQL's shutdown checkpoint (its fsync is slow
    // on a busy disk: over a second on a loaded 2-core machine), so a short limit still gives it
    // 40 %; the closing steps share what is left after the requests' time.
    const databaseFrom = deadline - Math.min(3_000, budget * 0.4);
    const requestsUntil = databaseFrom - Math.min(1_500, budget * 0.15);
    logger.info({ signal, timeoutMs: budget }, "shutting down: finishing in-flight requests");
    const drained = await closeHttp(requestsUntil);
    const requestsMs = Date.now() - begun;
    if (!drained) logger.warn("shutdown: requests still running at the time limit; their connections were closed");

    const steps: Array<[string, () => unknown]> = [
      [
        "schedules",
        () => {
          stopRetention();
          stopQuarantine();
          stopAuditRetention();
          stopAnalytics();
          stopBackups();
          stopDigest();
          stopQuoteReminders();
          stopBillingReminders();
          stopReviewReminders();
          stopSurveyReminders();
          clearInterval(sessionSweep);
        },
      ],
      ["control socket", stopControl],
      // Ends after the image being worked on.
      [
        "image widths",
        () => {
          widthsStopped = true;
          return addingWidths;
        },
      ],
      ["rate limits", () => Object.values(services.limits).forEach((limit) => limit.close())],
      ["page cache", () => (app.locals.pageCache as PageCache | null)?.close()],
      // Waits for an e-mail being sent; one cut short keeps its lease and is sent again later.
      ["outbox", () => services.outbox.stop()],
      // After the outbox: an e-mail being sent may be waiting for its PDF.
      ["PDF workers", () => services.pdf.close()],
      ["content version", () => services.contentVersion.close()],
      ["not-found log", () => services.notFoundLog.close()],
      // The page views still in memory (a crash would lose them; a shutdown writes them).
      ["analytics", () => services.analytics.close()],
    ];
    for (const [name, step] of steps) {
      const result = await stepUntil(step, databaseFrom);
      if (result.outcome === "failed") logger.error({ err: result.error, step: name }, "shutdown step failed");
      else if (result.outcome === "timed out") logger.warn({ step: name }, "shutdown step cut short at its time limit");
    }
    const closed = await stepUntil(() => database.close(), deadline);
    const timing = { requestsMs, shutdownMs: Date.now() - begun };
    if (closed.outcome === "done") logger.info(timing, "database closed; bye");
    else
      logger.error(
        { ...timing, err: closed.outcome === "failed" ? closed.error : undefined },
        "the database did not close cleanly",
      );
    logger.flush();
    process.exit(closed.outcome === "done" ? 0 : 1);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  return server;
}
