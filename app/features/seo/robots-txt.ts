import { getEnv } from "~/env.server";
import { buildRobotsTxt } from "./sitemap";

/** GET /robots.txt — a resource route, so the Sitemap line always carries SITE_URL. */
export function loader() {
  return new Response(buildRobotsTxt(getEnv().SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
