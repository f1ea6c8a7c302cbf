import { eq } from "drizzle-orm";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import type { Business } from "~/config";
import type { Database } from "~/db/client.server";
import type { ContentVersion } from "~/db/content-version.server";
import { siteSettings, type StoredMail } from "~/db/schema";
import {
  BusinessSettingsPatchSchema,
  BusinessSettingsSchema,
  seedSettings,
  settingsFieldErrors,
  toBusiness,
  type BusinessSettings,
} from "./business-settings";
import { SAMPLE_RATING } from "./sample-facts";

/**
 * The settings staff keep in the admin (the business's facts, the mail server), held in memory
 * and reloaded when the content version moves: a change made on any server (the site_settings
 * trigger bumps the version) is what the next request on every server sees. The page cache keys
 * on the same version, so a cached page never outlives the facts it shows.
 */
export type SiteSettings = {
  /** The Business the site shows now. */
  business: () => Business;
  /** The settings as staff see them in the admin. */
  businessSettings: () => BusinessSettings;
  /** The mail server set up in the admin (null: none). */
  mail: () => StoredMail | null;
  /** Reloads if the content version moved since the last load (or a write here made it stale). */
  refresh: () => Promise<void>;
  /** Refreshes before the request is handled (a database fault keeps the last known settings). */
  middleware: RequestHandler;
  /** First start: stores the settings seeded from the code's defaults and env, when none are stored. */
  seed(): Promise<void>;
  /** Applies a partial change: the settings after it, or the message for each bad field (nothing stored). */
  saveBusiness(
    raw: unknown,
  ): Promise<
    | { status: "ok"; settings: BusinessSettings; changed: string[] }
    | { status: "invalid"; fieldErrors: Record<string, string> }
  >;
  /** Stores the admin's mail settings (null: remove them). */
  saveMail(mail: StoredMail | null): Promise<void>;
};

export const SITE_URL_SET_BY_ENV_MESSAGE =
  "The site's address comes from the environment (SITE_URL): change it there, then restart the site.";

/** As long as the page cache waits for the version before it gives up. */
const VERSION_READ_TIMEOUT_MS = 1000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the content version did not arrive in time")), VERSION_READ_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createSiteSettings({
  database,
  contentVersion,
  logger,
  base,
  notifyEmail,
  legalNameSet,
  sampleRating = false,
  siteUrlFromEnv = false,
}: {
  database: Database;
  contentVersion: ContentVersion;
  logger: Logger;
  /** The code's defaults with the BUSINESS_* overrides: the first start's seed and what staff do not set. */
  base: Business;
  /** NOTIFY_EMAIL: the first start's address for new-lead e-mails. */
  notifyEmail: string | undefined;
  legalNameSet: boolean;
  /**
   * A fresh install with demo content: the spec's rating (4.9 from 47) is stored as sample data,
   * listed in the demo notice and removed with the demo content, unless BUSINESS_RATING_* name one.
   */
  sampleRating?: boolean;
  /** SITE_URL is set: the site's address is the environment's, and a save may not change it. */
  siteUrlFromEnv?: boolean;
}): SiteSettings {
  const fromEnv = seedSettings(base, notifyEmail);
  const seeded = { ...fromEnv, rating: fromEnv.rating ?? (sampleRating ? { ...SAMPLE_RATING } : null) };
  let stored: BusinessSettings = seeded;
  let business = toBusiness(seeded, base, { legalNameSet });
  let mail: StoredMail | null = null;
  let loadedVersion = -1;
  let stale = true;
  let loading: Promise<void> | undefined;
  let failing = false;
  const db = () => database.db;

  const load = () =>
    (loading ??= (async () => {
      // The version first: a change made while loading is picked up on the next refresh.
      const version = await contentVersion.current();
      stale = false;
      const [row] = await db()
        .select({ business: siteSettings.business, mail: siteSettings.mail })
        .from(siteSettings)
        .where(eq(siteSettings.id, 1));
      // A stored value that no longer passes (edited by hand) falls back to the seed, loudly.
      const parsed = row?.business ? BusinessSettingsSchema.safeParse(row.business) : null;
      if (parsed && !parsed.success)
        logger.error({ issues: parsed.error.issues }, "stored business settings are invalid");
      // Settings stored before the area existed show the one the copy used (BUSINESS_AREA or the default).
      stored = parsed?.success ? { ...parsed.data, area: parsed.data.area ?? base.area } : seeded;
      business = toBusiness(stored, base, { legalNameSet });
      mail = row?.mail ?? null;
      loadedVersion = version;
    })()
      .catch((error: unknown) => {
        stale = true;
        throw error;
      })
      .finally(() => {
        loading = undefined;
      }));

  const refresh = async () => {
    if (stale || (await contentVersion.current()) > loadedVersion) await load();
  };

  return {
    business: () => business,
    businessSettings: () => stored,
    mail: () => mail,
    refresh,
    middleware: async (req, _res, next) => {
      try {
        // GET and HEAD (what the page cache stores): the version read afresh, as the page cache
        // reads it, so no page is stored under a newer version with older settings. Other requests
        // (a lead, an admin write): the version this server knows, never a read on their way.
        const page = req.method === "GET" || req.method === "HEAD";
        if (stale || (await (page ? withTimeout(contentVersion.current()) : contentVersion.known())) > loadedVersion)
          await load();
        failing = false;
      } catch (error) {
        // Once per outage: the last known settings serve meanwhile.
        if (!failing) logger.warn({ err: error }, "settings: could not reload them; using the last known");
        failing = true;
      }
      next();
    },
    async seed() {
      const [row] = await db()
        .select({ business: siteSettings.business })
        .from(siteSettings)
        .where(eq(siteSettings.id, 1));
      if (!row?.business) {
        await db()
          .insert(siteSettings)
          .values({ id: 1, business: seeded })
          .onConflictDoUpdate({ target: siteSettings.id, set: { business: seeded, updatedAt: new Date() } });
      }
      stale = true;
      await load();
    },
    async saveBusiness(raw) {
      const parsed = BusinessSettingsPatchSchema.safeParse(raw ?? {});
      if (!parsed.success) return { status: "invalid", fieldErrors: settingsFieldErrors(parsed.error) };
      stale = true;
      await load();
      const before = stored;
      const patch = parsed.data;
      if (siteUrlFromEnv && patch.siteUrl !== undefined)
        return { status: "invalid", fieldErrors: { siteUrl: SITE_URL_SET_BY_ENV_MESSAGE } };
      const next: BusinessSettings = {
        ...before,
        ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
        social: {
          ...before.social,
          ...Object.fromEntries(Object.entries(patch.social ?? {}).filter(([, v]) => v !== undefined)),
        },
      };
      // The whole result is checked again: a stored value from an older rule must not slip through.
      const checked = BusinessSettingsSchema.safeParse(next);
      if (!checked.success) return { status: "invalid", fieldErrors: settingsFieldErrors(checked.error) };
      await db()
        .insert(siteSettings)
        .values({ id: 1, business: checked.data })
        .onConflictDoUpdate({ target: siteSettings.id, set: { business: checked.data, updatedAt: new Date() } });
      stale = true;
      await load();
      const changed = (Object.keys(checked.data) as Array<keyof BusinessSettings>).filter(
        (k) => JSON.stringify(before[k]) !== JSON.stringify(checked.data[k]),
      );
      return { status: "ok", settings: stored, changed };
    },
    async saveMail(value) {
      await db()
        .insert(siteSettings)
        .values({ id: 1, mail: value })
        .onConflictDoUpdate({ target: siteSettings.id, set: { mail: value, updatedAt: new Date() } });
      stale = true;
      await load();
    },
  };
}
