import { Link } from "react-router";

/**
 * What a page's loader says was not found ("There is no job with this number."), from a 404 it threw
 * with that sentence as its data; anything else (an unknown address) says nothing of its own.
 */
export const notFoundSentence = (data: unknown): string | undefined =>
  typeof data === "string" && data.startsWith("There is no ") ? data : undefined;

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
