import type { ReactNode } from "react";
import { Link } from "react-router";

// The frame of the small sign-in side pages (forgot password, reset password): one card, centred,
// with the way back to the sign-in page under it.

export function AccountCard({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-paper px-4 py-10">
      <section
        aria-labelledby="account-card-heading"
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl ring-1 ring-navy-900/10 sm:p-10"
      >
        <h1 id="account-card-heading" className="text-2xl font-bold sm:text-3xl">
          {heading}
        </h1>
        {children}
        <p className="mt-6 border-t border-slate-brand/20 pt-4 text-sm">
          <Link to="/admin/login" className="font-semibold text-navy-700 underline underline-offset-2">
            Back to sign in
          </Link>
        </p>
      </section>
    </main>
  );
}

/** A confirmation in the card (what happened, what to do next). */
export function AccountNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mt-5 rounded-md bg-teal-50 p-4 font-medium text-navy-900 ring-1 ring-teal-200">
      {children}
    </p>
  );
}
