import { Link } from "react-router";

/** The admin's 404 body: its catch-all route, and a 404 thrown inside the admin (the layout's error boundary). */
export function AdminNotFoundContent() {
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
