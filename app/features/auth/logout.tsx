import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { logout } from "./auth.server";
import { clearSessionCookie, tokenFromCookieHeader } from "./session.server";

/** Sign-out without JavaScript (the admin header's Logout button is a form posting here). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  await logout(tokenFromCookieHeader(request.headers.get("cookie"), services.sessions), {
    services,
    ip: context.clientIp,
    logger: context.logger,
  });
  throw redirect("/admin/login?loggedOut=1", {
    headers: { "Set-Cookie": clearSessionCookie(services.sessions), "Cache-Control": "no-store" },
  });
}

export function loader() {
  throw redirect("/admin");
}
