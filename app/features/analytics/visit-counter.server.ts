import crypto from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { eq, lt } from "drizzle-orm";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { createWriteBehind } from "~/db/write-behind.server";
import { analyticsDayKeys, analyticsIpDays, analyticsSalts } from "~/db/schema";
import { dayClock } from "./dublin-day";
import {
  addressId,
  deviceOf,
  isBotAgent,
  mayCount,
  pagePath,
  referrerHost,
  sourceOf,
  visitorId,
  type Device,
} from "./page-view.server";
import { storeViewsWithinCaps, type CapLimits, type ViewRow } from "./view-caps.server";

// Counting page views costs the request next to nothing: a few header checks and one Map update.
// Everything else (bot detection, parsing, the day's salt, hashing) happens when the buffer is
// written, every few seconds or every `batchSize` distinct views, in one insert. A crash loses at
// most that buffer. Each server writes its own batches; the database adds them up.

export type LeadVisitor = { day: string; visitor: string; device: Device };

export type VisitCounter = {
  enabled: boolean;
  /** Counts public pages the app answers 200 (rendered HTML, or a client navigation's data). */
  middleware: RequestHandler;
  /** Counts a page the cached-page fast path answered. */
  countAnswered: (req: IncomingMessage, res: ServerResponse) => void;
  /** Today's visitor id and device of a lead's request, or null when it is not counted (opted out, bot, off). */
  leadVisitor(ip: string, headers: IncomingHttpHeaders): Promise<LeadVisitor | null>;
  /** Writes what is pending now (tests; shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
};

type Pending = { at: number; views: number };

/** Pages never counted: the admin, APIs, files, private links (a client's quote, a booking). */
const UNCOUNTED = /^\/(admin|api|assets|uploads|booking|q|healthz|readyz|metrics)(\/|\.data|$)/;

/**
 * The client's IP as Express works it out with a numeric "trust proxy" (TRUST_PROXY hops): the
 * socket's address, then X-Forwarded-For from the right, `hops` steps in.
 */
export function clientIp(remote: string, forwardedFor: string, hops: number): string {
  if (hops === 0 || !forwardedFor) return remote;
  const chain = [
    remote,
    ...forwardedFor
      .split(",")
      .map((a) => a.trim())
      .reverse(),
  ];
  return chain[Math.min(hops, chain.length - 1)]!;
}

/** Why views were not stored: past the address's daily cap, or the buffer was full. */
export type DropReason = "ip_cap" | "buffer_full";

export function createVisitCounter({
  db,
  logger,
  enabled,
  trustProxyHops,
  limits,
  onDropped = () => {},
  flushMs = 5_000,
  batchSize = 1_000,
  maxPending = 20_000,
  now = Date.now,
}: {
  db: () => Db;
  logger: Logger;
  enabled: boolean;
  trustProxyHops: number;
  /** The day's caps (ANALYTICS_MAX_VIEWS_PER_IP, ANALYTICS_MAX_SOURCES_PER_DAY). */
  limits: CapLimits;
  /** Views not stored (the metric analytics_views_dropped_total). */
  onDropped?: (reason: DropReason, views: number) => void;
  flushMs?: number;
  /** Distinct pending views that trigger a write before the timer. */
  batchSize?: number;
  /** Beyond this (the database is down or slow) new views are dropped, so memory stays bounded. */
  maxPending?: number;
  now?: () => number;
}): VisitCounter {
  const today = dayClock();
  const salts = new Map<string, Promise<Buffer>>();
  let saltDay = "";
  const buffer = createWriteBehind<Pending>({
    flushMs,
    batchSize,
    maxPending,
    write,
    onFailure: (error, views) =>
      logger.error({ err: error, views }, "analytics: could not write a batch of page views"),
    onDropped: (dropped) => {
      onDropped("buffer_full", dropped);
      logger.warn({ dropped }, "analytics: page views dropped while the buffer was full");
    },
  });

  const firstView = () => ({ at: now(), views: 1 });
  const oneMoreView = (entry: { views: number }) => void entry.views++;

  /**
   * Buffers one view. The key holds what is needed later and nothing finer: the address the
   * request came from, the user agent, the URL and an outside referrer (none for our own pages).
   */
  function record(req: IncomingMessage, url: string) {
    const { headers } = req;
    const host = headers.host ?? "";
    const referer = headers.referer ?? "";
    const outside =
      referer && !referer.startsWith(`https://${host}/`) && !referer.startsWith(`http://${host}/`) ? referer : "";
    const key = `${req.socket.remoteAddress ?? ""}\n${String(headers["x-forwarded-for"] ?? "")}\n${headers["user-agent"] ?? ""}\n${url}\n${host}\n${outside}`;
    buffer.add(key, firstView, oneMoreView);
  }

  const countAnswered = (req: IncomingMessage, res: ServerResponse) => {
    if (res.statusCode === 200 && mayCount(req.method, req.headers)) record(req, req.url ?? "/");
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (!mayCount(req.method, req.headers) || UNCOUNTED.test(req.path)) return next();
    res.on("finish", () => {
      if (res.statusCode !== 200) return;
      const type = String(res.getHeader("content-type") ?? "");
      if (type.startsWith("text/html")) return record(req, req.originalUrl);
      // A client-side navigation fetches the next page's data (/x.data): a page view too, unless
      // it is the page asking for its own data again (after a form was sent).
      if (req.path.endsWith(".data") && type.startsWith("text/x-script")) {
        const page = pagePath(req.originalUrl);
        const from = referrerPath(req.headers.referer);
        if (from !== page) record(req, req.originalUrl);
      }
    });
    next();
  };

  /** The day's salt: made once by whichever server asks first, kept in the database for that day only. */
  function saltFor(day: string): Promise<Buffer> {
    let salt = salts.get(day);
    if (!salt) {
      salt = (async () => {
        await db()
          .insert(analyticsSalts)
          .values({ day, salt: crypto.randomBytes(32) })
          .onConflictDoNothing();
        const [row] = await db()
          .select({ salt: analyticsSalts.salt })
          .from(analyticsSalts)
          .where(eq(analyticsSalts.day, day));
        if (!row) throw new Error(`analytics: no salt for ${day}`);
        return row.salt;
      })();
      salts.set(day, salt);
      salt.catch(() => salts.delete(day));
    }
    return salt;
  }

  /** Once a day is over: forget its salt here and in the database, so its ids can never be rebuilt. */
  async function retireOldSalts(current: string) {
    if (current === saltDay) return;
    saltDay = current;
    for (const day of salts.keys()) if (day < current) salts.delete(day);
    await db().delete(analyticsSalts).where(lt(analyticsSalts.day, current));
    await db().delete(analyticsIpDays).where(lt(analyticsIpDays.day, current));
    await db().delete(analyticsDayKeys).where(lt(analyticsDayKeys.day, current));
  }

  async function write(batch: Map<string, Pending>) {
    const current = today(now());
    const rows: ViewRow[] = [];
    for (const [key, { at, views }] of batch) {
      const [remote = "", forwardedFor = "", userAgent = "", url = "/", host = "", referer = ""] = key.split("\n");
      if (isBotAgent(userAgent)) continue;
      const day = today(at);
      // A view from a day whose salt is already gone (a batch that crossed midnight late): dropped,
      // rather than given a new salt that would outlive its day.
      if (day < current && !salts.has(day)) continue;
      const salt = await saltFor(day);
      const { source, campaign } = sourceOf(url, referrerHost(referer, host));
      const ip = clientIp(remote, forwardedFor, trustProxyHops);
      rows.push({
        day,
        ip: addressId(salt, ip),
        at: new Date(at),
        visitor: visitorId(salt, ip, userAgent),
        path: pagePath(url),
        source,
        campaign,
        device: deviceOf(userAgent),
        views,
      });
    }
    const dropped = await storeViewsWithinCaps(db(), rows, limits);
    if (dropped > 0) onDropped("ip_cap", dropped);
    await retireOldSalts(current);
  }

  async function leadVisitor(ip: string, headers: IncomingHttpHeaders): Promise<LeadVisitor | null> {
    const userAgent = headers["user-agent"] ?? "";
    if (!enabled || !mayCount("GET", headers) || isBotAgent(userAgent)) return null;
    const day = today(now());
    return { day, visitor: visitorId(await saltFor(day), ip, userAgent), device: deviceOf(userAgent) };
  }

  if (!enabled) {
    const idle: RequestHandler = (_req, _res, next) => next();
    return {
      enabled,
      middleware: idle,
      countAnswered: () => {},
      leadVisitor: () => Promise.resolve(null),
      flush: async () => {},
      close: async () => {},
    };
  }
  return { enabled, middleware, countAnswered, leadVisitor, flush: buffer.flush, close: buffer.flush };
}

function referrerPath(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return pagePath(new URL(referer).pathname);
  } catch {
    return null;
  }
}
