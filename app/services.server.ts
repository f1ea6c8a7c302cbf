import type { Logger } from "pino";
import type { Business } from "./config";
import { getBusiness, mailFrom } from "./config.server";
import type { Database } from "./db/client.server";
import type { OutboxAttachment } from "./db/schema";
import { watchContentVersion, type ContentVersion } from "./db/content-version.server";
import type { Env } from "./env.server";
import { createMailTransport, type MailTransport } from "./features/mail/mailer.server";
import { createMailSource, type MailSource } from "./features/mail/mail-settings.server";
import { createSiteSettings, type SiteSettings } from "./features/site/site-settings.server";
import { effectiveSiteUrl } from "./features/site/site-url";
import { createOutbox, type Outbox } from "./features/mail/outbox.server";
import { quoteAttachments } from "./features/quotes/quote-documents.server";
import { handoverAttachments } from "./features/jobs/card/handover-pack.server";
import { bankOf, invoiceAttachments } from "./features/invoices/invoice-documents.server";
import { createPdfPool, type PdfPool } from "./features/pdf/pdf-pool.server";
import { createMetrics, type AppMetrics } from "./features/metrics/metrics.server";
import { loadAppSecret } from "./features/security/app-secret.server";
import { createRateLimiter, type RateLimiter } from "./features/security/rate-limit.server";
import type { SessionSettings } from "./features/auth/session.server";
import { createNotFoundLog, type NotFoundLog } from "./features/redirects/not-found-log.server";
import { createVisitCounter, type VisitCounter } from "./features/analytics/visit-counter.server";
import { createRedirectTable, type RedirectTable } from "./features/redirects/redirect-table.server";
import { spoolPlace, type SpoolPlace } from "./features/uploads/spool.server";

/** Everything a request handler needs beyond the request, built once per server. */
export type AppServices = {
  env: Env;
  database: Database;
  logger: Logger;
  /** The business's facts as set in the admin (Settings > Business), fresh for each request. */
  readonly business: Business;
  /**
   * The site's public address, for every absolute link (e-mails, quotes, bookings, password
   * resets, canonical URLs, sitemap): SITE_URL when set, else the one saved in Settings > Business,
   * else SITE_URL's default.
   */
  readonly siteUrl: string;
  /** Who gets the new-lead and quote e-mails (Settings > Business). */
  readonly notifyEmails: string[];
  /** The admin's settings kept in memory (site_settings), reloaded when the content version moves. */
  settings: SiteSettings;
  /** Where e-mail goes out: SMTP_URL, else Settings > Mail. */
  mail: MailSource;
  appSecret: Buffer;
  outbox: Outbox;
  /** The PDF worker threads (renderPdf): every PDF is made there, never on the server's thread. */
  pdf: PdfPool;
  metrics: AppMetrics;
  limits: {
    contact: RateLimiter;
    chat: RateLimiter;
    estimate: RateLimiter;
    loginIp: RateLimiter;
    loginUser: RateLimiter;
    twoFactorIp: RateLimiter;
    twoFactorUser: RateLimiter;
    passwordResetIp: RateLimiter;
    passwordResetUser: RateLimiter;
  };
  sessions: SessionSettings;
  /** The one watcher of the content version, for what is kept in memory (page cache, redirects). */
  contentVersion: ContentVersion;
  /** Redirects staff set up, served from memory. */
  redirects: RedirectTable;
  /** Public paths that answered 404, counted in batches. */
  notFoundLog: NotFoundLog;
  /** Public page views, counted in memory and written in batches (ANALYTICS). */
  analytics: VisitCounter;
  /** Where uploads are received before they are worked on (spoolBody), and the room it leaves the database. */
  uploadSpool: SpoolPlace;
};

export async function createServices(options: {
  env: Env;
  database: Database;
  logger: Logger;
  /** Tests pass their own (it then counts as the server's SMTP_URL); by default SMTP_URL decides. */
  transport?: MailTransport | null;
}): Promise<AppServices> {
  const { env, database, logger } = options;
  const envTransport =
    options.transport !== undefined
      ? options.transport
      : createMailTransport(env.SMTP_URL, mailFrom(env.MAIL_FROM, getBusiness()));
  // Every limit's numbers come from env; RATE_LIMIT_FACTOR multiplies them all.
  const contentVersion = watchContentVersion(database, logger);
  const limiter = (name: string, points: number, durationSeconds: number) =>
    createRateLimiter({ name, points, durationSeconds }, database, env.RATE_LIMIT_FACTOR);
  const settings = createSiteSettings({
    database,
    contentVersion,
    logger,
    base: getBusiness(),
    notifyEmail: env.NOTIFY_EMAIL,
    legalNameSet: Boolean(process.env.BUSINESS_LEGAL_NAME?.trim()),
    sampleRating: env.SEED_DEMO_CONTENT,
    siteUrlFromEnv: env.siteUrlFromEnv,
  });
  // BUSINESS_* and NOTIFY_EMAIL seed the settings on the first start only; the admin owns them after.
  await settings.seed();
  const appSecret = await loadAppSecret(database.db, env.APP_SECRET);
  const mail = createMailSource({
    db: () => database.db,
    envTransport,
    smtpUrl: options.transport !== undefined ? undefined : env.SMTP_URL,
    mailFromEnv: env.MAIL_FROM,
    appSecret,
    stored: settings.mail,
    refresh: settings.refresh,
    defaultFrom: () => mailFrom(undefined, settings.business()),
    siteName: () => settings.business().name,
  });
  const metrics = createMetrics(database);
  const pdf = createPdfPool({
    maxThreads: env.PDF_MAX_THREADS,
    taskTimeoutMs: env.PDF_TIMEOUT_MS,
    idleTimeoutMs: env.PDF_IDLE_TIMEOUT_MS,
    workerMemoryMb: env.PDF_WORKER_MEMORY_MB,
    logger,
  });
  return {
    env,
    database,
    logger,
    uploadSpool: spoolPlace(env),
    get business() {
      return settings.business();
    },
    get siteUrl() {
      return effectiveSiteUrl(env, settings.businessSettings());
    },
    get notifyEmails() {
      return settings.businessSettings().notifyEmails;
    },
    settings,
    mail,
    appSecret,
    pdf,
    metrics,
    outbox: createOutbox({
      db: database.db,
      transport: mail,
      logger,
      pollMs: env.OUTBOX_POLL_MS,
      retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
      maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
      attachments: attachmentsFor({ pdf }, () => database.db, settings),
    }),
    contentVersion,
    redirects: createRedirectTable({ database, contentVersion, logger }),
    notFoundLog: createNotFoundLog({ db: () => database.db, logger }),
    analytics: createVisitCounter({
      db: () => database.db,
      logger,
      enabled: env.ANALYTICS,
      trustProxyHops: env.TRUST_PROXY,
      limits: {
        maxViewsPerIp: Math.max(1, Math.round(env.ANALYTICS_MAX_VIEWS_PER_IP * env.RATE_LIMIT_FACTOR)),
        maxKeysPerDay: env.ANALYTICS_MAX_SOURCES_PER_DAY,
      },
      onDropped: (reason, views) => metrics.analyticsViewsDropped(reason, views),
    }),
    sessions: {
      idleMinutes: env.SESSION_IDLE_MINUTES,
      absoluteHours: env.SESSION_ABSOLUTE_HOURS,
      secureCookie: env.COOKIE_SECURE ?? env.NODE_ENV === "production",
    },
    limits: {
      loginIp: limiter("login-ip", env.LOGIN_RATE_LIMIT_IP_POINTS, env.LOGIN_RATE_LIMIT_WINDOW_S),
      loginUser: limiter("login-user", env.LOGIN_RATE_LIMIT_USER_POINTS, env.LOGIN_RATE_LIMIT_WINDOW_S),
      twoFactorIp: limiter("two-factor-ip", env.TWO_FACTOR_RATE_LIMIT_IP_POINTS, env.TWO_FACTOR_RATE_LIMIT_WINDOW_S),
      twoFactorUser: limiter(
        "two-factor-user",
        env.TWO_FACTOR_RATE_LIMIT_USER_POINTS,
        env.TWO_FACTOR_RATE_LIMIT_WINDOW_S,
      ),
      passwordResetIp: limiter(
        "password-reset-ip",
        env.PASSWORD_RESET_RATE_LIMIT_IP_POINTS,
        env.PASSWORD_RESET_RATE_LIMIT_WINDOW_S,
      ),
      passwordResetUser: limiter(
        "password-reset-user",
        env.PASSWORD_RESET_RATE_LIMIT_USER_POINTS,
        env.PASSWORD_RESET_RATE_LIMIT_WINDOW_S,
      ),
      contact: limiter("contact", env.CONTACT_RATE_LIMIT_POINTS, env.CONTACT_RATE_LIMIT_WINDOW_S),
      chat: limiter("chat", env.CHAT_RATE_LIMIT_POINTS, env.CHAT_RATE_LIMIT_WINDOW_S),
      estimate: limiter("estimate", env.ESTIMATE_RATE_LIMIT_POINTS, env.ESTIMATE_RATE_LIMIT_WINDOW_S),
    },
  };
}

/** What an outbox e-mail carries, by kind: a quote's PDF, a job's handover pack and documents, an invoice's PDF and e-invoice. */
function attachmentsFor(services: { pdf: PdfPool }, db: () => Database["db"], settings: SiteSettings) {
  const business = settings.business;
  const quote = quoteAttachments(services, db, business);
  const handover = handoverAttachments(services, db, business);
  const invoice = invoiceAttachments(services, db, business, () => bankOf(settings.businessSettings()));
  return (ref: OutboxAttachment) => {
    switch (ref.type) {
      case "quote-pdf":
        return quote(ref);
      case "job-handover":
        return handover(ref);
      case "invoice":
        return invoice(ref);
    }
  };
}
