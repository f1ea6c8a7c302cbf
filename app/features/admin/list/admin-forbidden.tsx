import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useBusiness } from "~/root";
import { adminTitle } from "~/features/auth/staff-page-headers";

/**
 * An admin page outside the signed-in user's role (requireAdmin answered 403): what happened and
 * where to go, inside the admin around it (whose menu already lists only what the role may use).
 */
export function AdminForbidden() {
  const error = useRouteError();
  const title = adminTitle(useBusiness().name);
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown } | null)?.message === "string"
      ? (error.data as { message: string }).message
      : "Your account cannot open this page. Ask an owner if you need it.";
  return (
    <div role="alert" className="max-w-xl">
      <title>{`Not available to your account | ${title}`}</title>
      <h1 className="text-2xl font-bold">Not available to your account</h1>
      <p className="mt-3 text-slate-brand">{message}</p>
      <Link to="/admin" className="btn-dark mt-6">
        Back to Dashboard
      </Link>
    </div>
  );
}
