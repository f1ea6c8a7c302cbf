import { Link } from "react-router";

/** The 404 page body, shared by the catch-all route and the root error boundary. */
export function NotFoundContent() {
  return (
    <div className="mx-auto max-w-xl py-8 text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-amber-deep">Page Not Found</p>
      <h1 className="mt-3 text-3xl font-bold sm:text-4xl">404 - Page Not Found</h1>
      <p className="mt-4 text-lg text-slate-brand">Sorry, the page you're looking for doesn't exist.</p>
      <p className="mt-2 text-slate-brand">
        It may have been moved, or the address may have been typed incorrectly. Check the URL, or use one of the links
        below.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-dark">
          Back to Homepage
        </Link>
        <Link to="/contact" className="btn-primary">
          Contact Us
        </Link>
      </div>
    </div>
  );
}
