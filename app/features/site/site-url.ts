// The site's public address, the one every absolute link uses (services.siteUrl): SITE_URL when the
// environment sets it, else the address saved in Settings > Business, else SITE_URL's default
// (http://localhost:3000). And the dashboard's warning while that is a local address but the site
// is reached under another name: every quote, booking and reset link would then be dead.
import type { BusinessSettings } from "./business-settings";

export function effectiveSiteUrl(
  env: { SITE_URL: string; siteUrlFromEnv: boolean },
  settings: Pick<BusinessSettings, "siteUrl">,
): string {
  if (env.siteUrlFromEnv || !settings.siteUrl) return env.SITE_URL;
  return settings.siteUrl;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
const isLocal = (hostname: string) => LOCAL_HOSTS.has(hostname) || hostname.endsWith(".localhost");

/**
 * The host a request arrived on when the site's address is a local one but that host is not: the
 * links the site sends would not reach it. Null when all is well.
 */
export function unreachableLinksHost(siteUrl: string, requestUrl: string): string | null {
  const site = new URL(siteUrl);
  const seen = new URL(requestUrl);
  if (!isLocal(site.hostname) || isLocal(seen.hostname)) return null;
  return seen.host;
}
