import { data } from "react-router";
import { requireAdmin } from "~/features/auth/require-admin.server";
import type { Route } from "./+types/admin-not-found";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { AdminNotFoundContent } from "./admin-not-found-content";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin");
  return data(null, { status: 404, headers: adminHeaders() });
}

export const meta: Route.MetaFunction = adminMeta("Page not found");

export default function AdminNotFound() {
  return <AdminNotFoundContent />;
}
