import { data, Link } from "react-router";
import { adminHeaders } from "~/features/auth/staff-page-headers";

/**
 * A 404 for a record an admin page is about (a client, job, invoice, quote or page that is not
 * there), thrown by the page's loader: the admin's error boundary shows `message` (adminNotFoundMessage).
 */
export const adminNotFound = (message: string) =>
  data({ adminNotFound: message }, { status: 404, headers: adminHeaders() });

/** What adminNotFound said, from a caught 404's data; undefined for any other 404 (an unknown address). */
export const adminNotFoundMessage = (caught: unknown): string | undefined => {
  const said = caught && typeof caught === "object" ? (caught as { adminNotFound?: unknown }).adminNotFound : undefined;
  return typeof said === "string" ? said : undefined;
};

/**
 * The admin's 404 body: its catch-all route, and a 404 thrown inside the admin (the layout's error
 * boundary), with the page's own sentence when it gave one (a client, job or invoice that is not there).
 */
export function AdminNotFoundContent({ message }: { message?: string }) {
  return (
    <div className="max-w-xl">
      <h1 className="text-2xl font-bold">{message ? "Not found" : "Page not found"}</h1>
      <p className="mt-3 text-slate-brand">
        {message ?? "There is no admin page at this address."} Use the menu, or go back to the dashboard.
      </p>
      <Link to="/admin" className="btn-dark mt-6">
        Back to Dashboard
      </Link>
    </div>
  );
}
