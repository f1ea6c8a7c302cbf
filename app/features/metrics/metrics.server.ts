import { inArray, sql } from "drizzle-orm";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Database } from "~/db/client.server";
import { emailOutbox, SPAM_REASONS, SUBMISSION_SOURCES, type SpamReason, type SubmissionSource } from "~/db/schema";

/**
 * The server's Prometheus metrics (prom-client 15: the Prometheus client for Node, runs on Node
 * 16+), in one registry per server, served at /metrics when METRICS_TOKEN is set
 * (server/operations.server.ts). Values that live elsewhere (page cache, outbox, pool) are read
 * when scraped, so nothing is counted twice.
 */
export type AppMetrics = {
  registry: Registry;
  /** A lead was stored in the inbox (by source); quarantined spam and duplicates are not leads. */
  leadAccepted(source: SubmissionSource): void;
  /** A submission was stored in quarantine, by the spam check that flagged it. */
  leadQuarantined(reason: SpamReason): void;
  /** Seconds from a request's arrival to its response, by route pattern (never the raw path). */
  requestDuration: Histogram<"method" | "route" | "status_code">;
  /**
   * requestDuration's recorder for one set of labels, for the cached-page fast path: a hit adds to
   * a tally of its own (a bucket count, the sum), added to requestDuration when it is scraped.
   * prom-client's observe validates and hashes the labels and keys its buckets by number on every
   * call: about half a microsecond and a few hundred bytes of garbage, for an answer that takes
   * twenty.
   */
  durationTally(labels: RequestLabels): (seconds: number) => void;
  /** Page views not stored, by reason (past the address's daily cap, or the write buffer full). */
  analyticsViewsDropped(reason: "ip_cap" | "buffer_full", views: number): void;
  /** Where the page cache's counts come from (the app makes the cache after the services). */
  watchPageCache(stats: () => { entries: number; hits: number; misses: number }): void;
};

export type RequestLabels = { method: string; route: string; status_code: string };

const REQUEST_DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Durations tallied for one label set since the last scrape: per bucket (not cumulative), sum, count. */
type Tally = { labels: RequestLabels; buckets: Float64Array; sum: number; count: number };

/** What prom-client 15's Histogram keeps per label set (not in its types; a test reads it through /metrics). */
type HistogramValues = {
  labels: Record<string, string | number>;
  bucketValues: Record<number, number>;
  sum: number;
  count: number;
};

/** Adds a tally to the histogram's values for its labels, as that many observe calls would. */
function addTally(histogram: Histogram<keyof RequestLabels>, tally: Tally) {
  const values = () =>
    Object.values((histogram as unknown as { hashMap: Record<string, HistogramValues> }).hashMap).find(
      (v) =>
        v.labels.method === tally.labels.method &&
        v.labels.route === tally.labels.route &&
        v.labels.status_code === tally.labels.status_code,
    );
  let into = values();
  if (!into) {
    histogram.zero(tally.labels);
    into = values();
    if (!into) throw new Error("prom-client's histogram values are not where addTally looks for them");
  }
  REQUEST_DURATION_BUCKETS.forEach(
    (bound, i) => (into.bucketValues[bound] = (into.bucketValues[bound] ?? 0) + tally.buckets[i]!),
  );
  into.sum += tally.sum;
  into.count += tally.count;
  tally.buckets.fill(0);
  tally.sum = 0;
  tally.count = 0;
}

export function createMetrics(database: Database): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const leads = new Counter({
    name: "leads_accepted_total",
    help: `Leads stored in the inbox since the server started, by source (${SUBMISSION_SOURCES.join(", ")}).`,
    labelNames: ["source"] as const,
    registers: [registry],
  });
  const quarantined = new Counter({
    name: "leads_quarantined_total",
    help: `Submissions stored as suspected spam since the server started, by reason (${SPAM_REASONS.join(", ")}).`,
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const viewsDropped = new Counter({
    name: "analytics_views_dropped_total",
    help: "Page views counted but not stored since the server started, by reason (ip_cap: past ANALYTICS_MAX_VIEWS_PER_IP for the address that day; buffer_full: the database was slow or down).",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  // Every label from zero, so a rate() over the first lead works.
  for (const reason of ["ip_cap", "buffer_full"]) viewsDropped.inc({ reason }, 0);
  for (const source of SUBMISSION_SOURCES) leads.inc({ source }, 0);
  for (const reason of SPAM_REASONS) quarantined.inc({ reason }, 0);
  const tallies = new Map<string, Tally>();
  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status code.",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: REQUEST_DURATION_BUCKETS,
    registers: [registry],
    collect() {
      for (const tally of tallies.values()) if (tally.count) addTally(this, tally);
    },
  });
  const durationTally = (labels: RequestLabels) => {
    const key = `${labels.method} ${labels.route} ${labels.status_code}`;
    let tally = tallies.get(key);
    if (!tally)
      tallies.set(
        key,
        (tally = {
          labels: { ...labels },
          buckets: new Float64Array(REQUEST_DURATION_BUCKETS.length),
          sum: 0,
          count: 0,
        }),
      );
    const into = tally;
    return (seconds: number) => {
      let i = 0;
      while (i < REQUEST_DURATION_BUCKETS.length && seconds > REQUEST_DURATION_BUCKETS[i]!) i++;
      // Past the last bound: counted (+Inf) in no bucket, as observe does.
      if (i < REQUEST_DURATION_BUCKETS.length) into.buckets[i]!++;
      into.sum += seconds;
      into.count++;
    };
  };

  let pageCacheStats: (() => { entries: number; hits: number; misses: number }) | undefined;
  const pageCacheCount = (name: string, help: string, key: "hits" | "misses") =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(pageCacheStats?.()[key] ?? 0);
      },
    });
  pageCacheCount("page_cache_hits_total", "Public pages answered from the HTML cache.", "hits");
  pageCacheCount("page_cache_misses_total", "Cacheable public pages rendered because they were not cached.", "misses");
  new Gauge({
    name: "page_cache_entries",
    help: "Pages held in the HTML cache.",
    registers: [registry],
    collect() {
      this.set(pageCacheStats?.().entries ?? 0);
    },
  });

  // Both outbox gauges are collected together: one query per scrape.
  let reading: Promise<{ length: number; oldestSeconds: number }> | undefined;
  const outbox = () => (reading ??= readOutbox().finally(() => (reading = undefined)));
  const readOutbox = async () => {
    const [row] = await database.db
      .select({
        length: sql<number>`count(*)::int`,
        oldestSeconds: sql<number | null>`extract(epoch from now() - min(${emailOutbox.createdAt}))::float8`,
      })
      .from(emailOutbox)
      .where(inArray(emailOutbox.status, ["pending", "sending"]));
    return { length: Number(row?.length ?? 0), oldestSeconds: Number(row?.oldestSeconds ?? 0) };
  };
  new Gauge({
    name: "outbox_queue_length",
    help: "E-mails waiting to be sent (pending or being sent).",
    registers: [registry],
    async collect() {
      this.set((await outbox()).length);
    },
  });
  new Gauge({
    name: "outbox_oldest_age_seconds",
    help: "Age of the oldest e-mail waiting to be sent; 0 when none waits.",
    registers: [registry],
    async collect() {
      this.set((await outbox()).oldestSeconds);
    },
  });
  new Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL connection pool: open connections (total), idle ones, and queries waiting for one (waiting). Not reported for the embedded database, which has no pool.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = database.poolStats?.();
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });

  return {
    registry,
    leadAccepted: (source) => leads.inc({ source }),
    leadQuarantined: (reason) => quarantined.inc({ reason }),
    analyticsViewsDropped: (reason, views) => viewsDropped.inc({ reason }, views),
    requestDuration,
    durationTally,
    watchPageCache: (stats) => {
      pageCacheStats = stats;
    },
  };
}
