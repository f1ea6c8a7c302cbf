import path from "node:path";
import { z } from "zod";
import { backupCronPattern } from "~/features/backup/backup-schedule";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * Reminder days (QUOTE_, INVOICE_, REVIEW_REMINDER_DAYS): whole days from 1 to 365, comma-separated,
 * ascending, at most `most` of them; "off" (or empty) for none.
 */
function reminderDays(name: string, fallback: string, most = 365) {
  return z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const text = value.trim();
      if (text === "" || text === "off") return [];
      const days = text.split(",").map((d) => Number(d.trim()));
      if (
        days.length > most ||
        days.some((d) => !Number.isInteger(d) || d < 1 || d > 365) ||
        days.some((d, i) => i > 0 && d <= days[i - 1]!)
      ) {
        const count = most === 2 ? "one or two whole days" : "whole days";
        ctx.addIssue({
          code: "custom",
          message: `${name} must be ${count} from 1 to 365 in ascending order, e.g. "${fallback}", or "off"`,
        });
        return z.NEVER;
      }
      return days;
    });
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /**
   * Public origin used for canonical URLs, the sitemap and every link in e-mails, without a trailing
   * slash. Unset: the address saved in Settings > Business, else this default (services.siteUrl).
   */
  SITE_URL: z
    .url()
    .default("http://localhost:3000")
    .transform((v) => v.replace(/\/+$/, "")),
  DATA_DIR: z.string().min(1).default("./data"),
  /**
   * Embedded database: writes (new leads too) are refused with 503 while less than this many MB
   * are free on DATA_DIR's disk, so the database never runs out of room mid-write.
   */
  DATA_DIR_MIN_FREE_MB: z.coerce.number().int().min(0).default(64),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  /**
   * The embedded database when DATABASE_URL is unset. Unset: PostgreSQL binaries from npm (a
   * PGlite DATA_DIR is converted at start; PGlite where no binaries exist for the platform).
   */
  EMBEDDED_DB: z.enum(["pglite", "postgres"]).optional(),
  /** Pooled connections per app server; unset: 4 on the embedded PostgreSQL, 10 with DATABASE_URL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  /** PostgreSQL: a statement running (or waiting for a lock) longer than this is cancelled → 503. 0 = no limit. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  /** PostgreSQL: give up connecting, or waiting for a free pooled connection, after this → 503. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_000),
  SEED_DEMO_CONTENT: bool.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Express "trust proxy" setting: how many proxy hops to trust for the client IP. 0 trusts none. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Slow or silent clients: a request's headers must arrive within HEADERS_TIMEOUT_MS and the whole
   * request (body included) within REQUEST_TIMEOUT_MS, else 408 and the connection is closed; an
   * idle kept-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS.
   */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Staff sessions: signed out after this long without activity, and after this long in any case. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  /** Secure + __Host- session cookie. Defaults to on in production (browsers allow it on http://localhost too). */
  COOKIE_SECURE: bool.optional(),
  /** Sign-in attempts allowed per window per client IP and per username; the next gets 429. */
  LOGIN_RATE_LIMIT_IP_POINTS: z.coerce.number().int().min(1).default(20),
  LOGIN_RATE_LIMIT_USER_POINTS: z.coerce.number().int().min(1).default(5),
  LOGIN_RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).default(900),
  /**
   * Two-factor codes tried per window per user and per client IP (sign-in code step, and the codes
   * asked for on the two-factor page); the next gets 429. A successful sign-in resets the user's count.
   */
  TWO_FACTOR_RATE_LIMIT_USER_POINTS: z.coerce.number().int().min(1).default(5),
  TWO_FACTOR_RATE_LIMIT_IP_POINTS: z.coerce.number().int().min(1).default(20),
  TWO_FACTOR_RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).default(900),
  /**
   * "Forgot password?" requests per window per client IP and per username (known or not, so the
   * answer never tells which names exist); the next gets 429.
   */
  PASSWORD_RESET_RATE_LIMIT_IP_POINTS: z.coerce.number().int().min(1).default(10),
  PASSWORD_RESET_RATE_LIMIT_USER_POINTS: z.coerce.number().int().min(1).default(3),
  PASSWORD_RESET_RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).default(3600),

  /** Serve anonymous public pages from memory until content changes. */
  PAGE_CACHE_ENABLED: bool.default(true),
  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(500),
  /**
   * Key for signing form tokens. Optional: without it a random secret is generated once and kept in
   * the database, so every server sharing the database uses the same one.
   */
  APP_SECRET: z.string().min(32, "APP_SECRET must be at least 32 characters").optional(),

  /** smtp://user:pass@host:587 or smtps://…; unset = notifications stay queued in the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  /** Who receives new-enquiry e-mails (default: the business e-mail). */
  NOTIFY_EMAIL: z.email().optional(),
  /** Sender of the site's e-mails (default: mailFrom() in config.server.ts, from the business name and e-mail). */
  MAIL_FROM: z.string().min(3).optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(100).default(5_000),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(12),

  /**
   * The nice value (0–19) of every thread but the event loop's: PDF workers, libvips', V8's and
   * libuv's helpers (background-priority.server.ts). 19 gives the event loop a core first; 0 leaves
   * every thread at the process's priority.
   */
  BACKGROUND_NICE: z.coerce.number().int().min(0).max(19).default(19),
  /** PDF worker threads at most (quotes and every other PDF are built in them, never on the server's thread). */
  PDF_MAX_THREADS: z.coerce.number().int().min(1).max(4).default(1),
  /** A PDF not made in this time fails (its e-mail is retried later); its worker is replaced. */
  PDF_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** An idle PDF worker exits after this long. */
  PDF_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** Each PDF worker's heap cap (MB). */
  PDF_WORKER_MEMORY_MB: z.coerce.number().int().min(16).max(512).default(64),

  /**
   * Bearer token for GET /metrics (Prometheus text). Unset: /metrics does not exist (404); set:
   * it answers only `Authorization: Bearer <token>` (401 otherwise).
   */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),

  /** Multiplies every rate limit (load tests and automated end-to-end runs raise it). */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  CONTACT_RATE_LIMIT_POINTS: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).default(600),
  /** Chat leads accepted per client IP per window (a retry of a stored lead does not count). */
  CHAT_RATE_LIMIT_POINTS: z.coerce.number().int().min(1).default(5),
  CHAT_RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).default(600),
  /**
   * Instant estimates per client IP per window (POST /api/estimate and the /estimate form). Higher
   * than the lead limits: the page asks again, debounced, as a visitor types.
   */
  ESTIMATE_RATE_LIMIT_POINTS: z.coerce.number().int().min(1).default(120),
  ESTIMATE_RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).default(600),
  /** Moves and cancellations per booking from its manage link, per hour and per day. */
  BOOKING_CHANGES_PER_HOUR: z.coerce.number().int().min(1).default(3),
  BOOKING_CHANGES_PER_DAY: z.coerce.number().int().min(1).default(10),
  /** At least this long between two invitation e-mails to a visitor about one booking (seconds). */
  BOOKING_INVITE_INTERVAL_S: z.coerce.number().int().min(0).default(600),

  /**
   * Minimum time between showing the contact form and submitting it; faster is treated as a bot.
   * Capped below 4 s: a person who takes 4 seconds or more is never refused. Browser tests set 0.
   */
  CONTACT_MIN_FILL_MS: z.coerce.number().int().min(0).max(3999).default(3000),

  /** Quarantined spam (the inbox's Spam tab) is deleted after this many days. */
  SPAM_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** At most this many quarantined submissions are kept (the oldest go first), so a bot cannot fill the disk. */
  SPAM_MAX_ROWS: z.coerce.number().int().min(100).max(1_000_000).default(5000),

  /**
   * Hour (Irish time, 0–23) of the daily digest e-mail to each staff member with a digest address;
   * "off" sends none.
   */
  DIGEST_HOUR: z
    .union([z.literal("off"), z.coerce.number().int().min(0).max(23)], {
      error: 'DIGEST_HOUR must be an hour from 0 to 23, or "off"',
    })
    .default(8),

  /**
   * Days after a quote is sent on which the client, if they have not answered, gets a reminder
   * (comma-separated, ascending; sent Monday–Friday 08:00–18:00 Irish time). "off": none.
   */
  QUOTE_REMINDER_DAYS: reminderDays("QUOTE_REMINDER_DAYS", "3,7"),

  /** Payment terms: an invoice is due this many days after its issue date (issue 38). */
  INVOICE_DUE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /**
   * Days after an invoice's due date on which a client who still owes on it gets a reminder
   * (comma-separated, ascending; sent Monday–Friday 08:00–18:00 Irish time). "off": none.
   */
  INVOICE_REMINDER_DAYS: reminderDays("INVOICE_REMINDER_DAYS", "7,14,30"),
  /**
   * Days after a review request (issue 39) on which a client who has neither answered nor said no
   * thanks is reminded (at most two, ascending; Monday–Friday 08:00–18:00 Irish time). "off": none.
   */
  REVIEW_REMINDER_DAYS: reminderDays("REVIEW_REMINDER_DAYS", "3,10", 2),

  /** Delete enquiries older than this many months (daily, and by npm run contacts:purge). Unset = keep. */
  RETENTION_MONTHS: z.coerce.number().int().min(1).max(600).optional(),
  /** Delete audit log entries older than this many days (shortly after start, then daily). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),

  /**
   * Visitor analytics (counted on the server, no cookies): on by default; "off" counts nothing.
   * Raw page views are kept ANALYTICS_RAW_DAYS days, the daily roll-ups for ever.
   */
  ANALYTICS: z
    .enum(["on", "off", "true", "false", "1", "0", "yes", "no"], { error: 'ANALYTICS must be "on" or "off"' })
    .transform((v) => v === "on" || v === "true" || v === "1" || v === "yes")
    .default(true),
  ANALYTICS_RAW_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Raw page views stored per client address per Irish day (times RATE_LIMIT_FACTOR); the rest are only counted in a metric. */
  ANALYTICS_MAX_VIEWS_PER_IP: z.coerce.number().int().min(1).default(1_000),
  /** Distinct sources, and distinct campaigns, stored per Irish day; views with a later new one are stored as "other". */
  ANALYTICS_MAX_SOURCES_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(200),

  /** Largest project image staff may upload, in bytes (bigger: 413). Default 10 MB. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),

  /** Largest site photo the job card takes, in bytes (bigger: 413). Default 25 MB (a 50 MP phone photo). */
  JOB_PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(25 * 1024 * 1024),
  /** Largest PDF a job takes as a document (fire-rating certificates, data sheets), in bytes. Default 15 MB. */
  JOB_DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(15 * 1024 * 1024),

  /** Where `npm run backup` and the scheduled backups write their files. */
  BACKUP_DIR: z.string().min(1).default("./backups"),
  /** When the running server takes a backup: a time of day (Irish time), a cron expression, or "off". */
  BACKUP_SCHEDULE: z
    .string()
    .default("03:00")
    .transform((value, ctx) => {
      try {
        return backupCronPattern(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** How many scheduled backups to keep in BACKUP_DIR (older ones are deleted after each scheduled backup). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
});

// Node refuses a headers timeout longer than the request timeout.
const CheckedEnvSchema = EnvSchema.refine((env) => env.HEADERS_TIMEOUT_MS <= env.REQUEST_TIMEOUT_MS, {
  message: "must not be longer than REQUEST_TIMEOUT_MS",
  path: ["HEADERS_TIMEOUT_MS"],
});

export type Env = z.infer<typeof EnvSchema> & {
  /** SITE_URL was set: the site's address comes from the environment, not Settings > Business. */
  siteUrlFromEnv: boolean;
};

let cached: Env | undefined;

/** Validates the process environment once; a bad value stops the server with a readable message. */
export function getEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (cached && source === process.env) return cached;
  const parsed = CheckedEnvSchema.safeParse(stripEmpty(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env: Env = {
    ...parsed.data,
    siteUrlFromEnv: Boolean(source.SITE_URL?.trim()),
    DATA_DIR: path.resolve(parsed.data.DATA_DIR),
    BACKUP_DIR: path.resolve(parsed.data.BACKUP_DIR),
  };
  if (source === process.env) cached = env;
  return env;
}

/** Treat VAR= (empty) as unset, so defaults apply. */
function stripEmpty(source: NodeJS.ProcessEnv) {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
}
