import { useEffect, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import {
  data,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
  useRouteLoaderData,
} from "react-router";
import { RetryForm } from "~/components/ui/retry-form";
import { useToast } from "~/components/ui/toast";
import { useBusiness } from "~/root";
import { isDatabaseUnavailableResponse } from "~/db/database-errors";
import { unlessDatabaseUnavailable } from "~/db/database-unavailable.server";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { mayOpen, type AdminPage, type Role } from "~/features/auth/access";
import { ConfirmDialogHost } from "./list/confirm-dialog";
import { followRowLinks } from "./list/row-link";
import { AdminForbidden } from "./list/admin-forbidden";
import { countUnread } from "./leads/leads.server";
import type { Route } from "./+types/admin-layout";
import { adminHeaders, adminTitle } from "~/features/auth/staff-page-headers";
import { staffName } from "~/features/auth/staff-name";
import { AdminNotFoundContent, adminNotFoundMessage } from "./admin-not-found-content";

export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context, "/admin");
  const user = {
    // How the header names them: their full name once set, else their username.
    name: staffName(session),
    role: session.role,
    twoFactorEnabled: session.twoFactorEnabled,
  };
  // The unread badge only for those who may read enquiries.
  const unread = mayOpen(user.role, "/admin/contacts")
    ? await unlessDatabaseUnavailable(() => countUnread(context.services.database.db))
    : { count: 0, capped: false };
  return data(
    { user, unread: `${unread.count.toLocaleString("en-IE")}${unread.capped ? "+" : ""}`, hasUnread: unread.count > 0 },
    { headers: adminHeaders() },
  );
}

/** The menu; each role sees only the pages it may open (features/auth/access.ts). */
export const ADMIN_NAV: ReadonlyArray<{ label: string; to: AdminPage; end?: true; onlyFor?: Role }> = [
  { label: "Dashboard", to: "/admin", end: true },
  // The crew's home; the office and owners have every job under "Jobs".
  { label: "My Jobs", to: "/admin/my-jobs", onlyFor: "crew" },
  { label: "Pages", to: "/admin/pages" },
  { label: "Projects", to: "/admin/projects" },
  { label: "Testimonials", to: "/admin/testimonials" },
  { label: "FAQs", to: "/admin/faqs" },
  { label: "Blog Posts", to: "/admin/posts" },
  { label: "Redirects", to: "/admin/redirects" },
  { label: "Contact Submissions", to: "/admin/contacts" },
  { label: "Clients", to: "/admin/clients" },
  { label: "Quotes", to: "/admin/quotes" },
  { label: "Jobs", to: "/admin/jobs" },
  { label: "Invoices", to: "/admin/invoices" },
  { label: "VAT Summary", to: "/admin/vat-summary" },
  { label: "Visitors", to: "/admin/visitors" },
  { label: "Bookings", to: "/admin/bookings" },
  { label: "Availability", to: "/admin/availability" },
  { label: "Pricing", to: "/admin/pricing" },
  { label: "Users", to: "/admin/users" },
  { label: "Audit Log", to: "/admin/audit" },
  { label: "Settings", to: "/admin/settings" },
  { label: "My Account", to: "/admin/account" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell {...loaderData}>
      <Outlet />
    </AdminShell>
  );
}

/**
 * An admin page that failed keeps the admin around it: the menu and header stay, the page's
 * place says what happened and offers to try again (the loaders run again; without JavaScript the
 * button reloads the page). A 404 thrown inside the admin shows the admin's not-found page. If
 * the layout's own data failed, the header says 'Admin' instead of the person's name.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("features/admin/admin-layout");
  return (
    <AdminShell user={layout?.user} unread={layout?.unread ?? "0"} hasUnread={layout?.hasUnread ?? false}>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <AdminNotFoundContent message={adminNotFoundMessage(error.data)} />
      ) : isRouteErrorResponse(error) && error.status === 403 ? (
        <AdminForbidden />
      ) : isRouteErrorResponse(error) && isDatabaseUnavailableResponse(error) ? (
        <DatabaseUnavailable />
      ) : (
        <PageFailed />
      )}
    </AdminShell>
  );
}

/** The database is down, restarting or overloaded: say so plainly; nothing the staff did is at fault. */
function DatabaseUnavailable() {
  const business = useBusiness();
  const title = adminTitle(business.name);
  return (
    <div role="alert" className="max-w-xl">
      <title>{`Database unavailable | ${title}`}</title>
      <h1 className="text-2xl font-bold">Database unavailable</h1>
      <p className="mt-3 text-slate-brand">
        The website cannot reach its database just now, so this page cannot be shown and nothing can be saved. Saved
        enquiries and content are safe. This usually clears within a minute: try again shortly. If it lasts, the server
        needs attention.
      </p>
      <RetryForm className="mt-6" />
    </div>
  );
}

function PageFailed() {
  const title = adminTitle(useBusiness().name);
  return (
    <div role="alert" className="max-w-xl">
      <title>{`Something went wrong | ${title}`}</title>
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-slate-brand">
        This page could not be loaded. Try again in a moment, or use the menu to go to another page. If it keeps
        happening, the server's log has the details.
      </p>
      <RetryForm className="mt-6" />
    </div>
  );
}

function AdminShell({
  user,
  unread,
  hasUnread,
  children,
}: {
  user: { name: string; role: Role; twoFactorEnabled: boolean } | undefined;
  unread: string;
  hasUnread: boolean;
  children: ReactNode;
}) {
  const title = adminTitle(useBusiness().name);
  const drawer = useRef<HTMLDialogElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();

  // Close the phone drawer after navigating.
  useEffect(() => {
    if (drawer.current?.open) drawer.current.close();
  }, [location.key]);

  const nav = (onPhone: boolean) => (
    <nav aria-label="Admin">
      <ul className="space-y-1">
        {/* Without the layout's data (it failed to load), only what every role may open. */}
        {ADMIN_NAV.filter(
          (item) =>
            mayOpen(user?.role ?? "editor", item.to) && (item.onlyFor === undefined || item.onlyFor === user?.role),
        ).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `flex items-center justify-between rounded-md px-3 py-2.5 font-medium ${
                  isActive
                    ? "bg-amber-brand text-navy-950"
                    : onPhone
                      ? "text-navy-900 hover:bg-mist"
                      : "text-white/90 hover:bg-navy-800"
                }`
              }
            >
              {item.label}
              {item.to === "/admin/contacts" && hasUnread && (
                <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
                  {unread}
                  <span className="sr-only"> unread</span>
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );

  return (
    <div className="min-h-screen bg-paper lg:grid lg:grid-cols-[16rem_1fr]">
      <aside className="hidden bg-navy-900 p-4 lg:block" aria-label="Admin navigation">
        <Link to="/admin" className="mb-6 block px-3 py-2 text-lg font-bold text-white">
          {title}
        </Link>
        {nav(false)}
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="flex items-center justify-between gap-3 border-b border-mist bg-white px-4 py-3 sm:px-6">
          <div className="flex items-center gap-3">
            <button
              ref={menuButton}
              type="button"
              className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-mist lg:hidden"
              onClick={() => {
                // The drawer's menu is rendered when first opened: a closed dialog shows nothing, and
                // every admin page's server render then makes one menu, not two.
                flushSync(() => setDrawerUsed(true));
                drawer.current?.showModal();
              }}
              aria-haspopup="dialog"
            >
              <span className="sr-only">Open admin menu</span>
              <svg
                viewBox="0 0 24 24"
                className="h-6 w-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <path d="M4 7h16M4 12h16M4 17h16" />
              </svg>
            </button>
            <p className="text-lg font-bold">{title}</p>
          </div>
          <div className="flex items-center gap-3">
            <p className="hidden text-sm text-slate-brand sm:block">
              Signed in as{" "}
              <Link to="/admin/account" className="font-semibold text-navy-900 underline-offset-2 hover:underline">
                {user?.name || "Admin"}
              </Link>
            </p>
            <LogoutButton />
          </div>
        </header>
        {/* The lists' RowLinks open through this one handler; a keyboard's Enter on a link is a click too. */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
        <main id="main-content" className="flex-1 p-4 sm:p-6 lg:p-8" onClick={followRowLinks(navigate)}>
          {children}
        </main>
      </div>
      {/* A click on the backdrop closes the drawer; keyboards use Escape or its Close button. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={drawer}
        aria-label="Admin menu"
        className="m-0 h-full max-h-none w-72 max-w-[85vw] bg-white p-4 shadow-2xl backdrop:bg-navy-950/60"
        onClose={() => menuButton.current?.focus()}
        onClick={(e) => {
          if (e.target === e.currentTarget) drawer.current?.close();
        }}
      >
        <div className="mb-4 flex items-center justify-between">
          <p className="text-lg font-bold">Menu</p>
          <button
            type="button"
            onClick={() => drawer.current?.close()}
            className="rounded-md px-3 py-2 font-medium hover:bg-mist"
          >
            Close
          </button>
        </div>
        <p className="mb-4 px-3 text-sm text-slate-brand">Signed in as {user?.name || "Admin"}</p>
        {drawerUsed && nav(true)}
      </dialog>
      {user && <ConfirmDialogHost twoFactor={user.twoFactorEnabled} />}
    </div>
  );
}

function LogoutButton() {
  const toast = useToast();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  return (
    <form
      method="post"
      action="/admin/logout"
      onSubmit={async (e) => {
        e.preventDefault();
        setPending(true);
        try {
          const res = await fetch("/api/auth/logout", { method: "POST" });
          if (!res.ok) throw new Error(String(res.status));
          toast({ title: "Logged out", description: "You have been logged out successfully" });
          void navigate("/admin/login", { replace: true });
        } catch {
          toast({ variant: "destructive", title: "Error", description: "Failed to log out. Please try again." });
        } finally {
          setPending(false);
        }
      }}
    >
      <button type="submit" className="btn-dark !min-h-10 !px-4 !py-2 text-sm" disabled={pending}>
        Logout
      </button>
    </form>
  );
}
