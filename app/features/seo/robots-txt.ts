import type { Route } from "./+types/robots-txt";
import { buildRobotsTxt } from "./sitemap";

/** GET /robots.txt — a resource route, so the Sitemap line always carries SITE_URL. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(buildRobotsTxt(context.services.siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
