import { data, Link } from "react-router";
import { requireAdmin } from "~/features/auth/require-admin.server";
import type { Route } from "./+types/admin-not-found";
import { adminHeaders, adminMeta } from "./admin-headers";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.services);
  return data(null, { status: 404, headers: adminHeaders() });
}

export const meta: Route.MetaFunction = adminMeta("Page not found");

export default function AdminNotFound() {
  return (
    <div className="max-w-xl">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="mt-3 text-slate-brand">
        There is no admin page at this address. Use the menu, or go back to the dashboard.
      </p>
      <Link to="/admin" className="btn-dark mt-6">
        Back to Dashboard
      </Link>
    </div>
  );
}
