import { useEffect, useState } from "react";
import { data, Link, useRouteLoaderData } from "react-router";
import { requireAdmin } from "~/features/auth/require-admin.server";
import type { Route } from "./+types/dashboard";
import { adminHeaders, adminMeta } from "./admin-headers";
import type { loader as layoutLoader } from "./admin-layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.services);
  return data(null, { headers: adminHeaders() });
}

export const meta: Route.MetaFunction = adminMeta("Dashboard");

type Card = { title: string; to: string; countPath?: string; manage: string };

const CARDS: Card[] = [
  { title: "Pages", to: "/admin/pages", countPath: "/api/admin/pages/count", manage: "Manage Pages" },
  { title: "Projects", to: "/admin/projects", countPath: "/api/admin/projects/count", manage: "Manage Projects" },
  {
    title: "Testimonials",
    to: "/admin/testimonials",
    countPath: "/api/admin/testimonials/count",
    manage: "Manage Testimonials",
  },
  { title: "FAQs", to: "/admin/faqs", countPath: "/api/admin/faqs/count", manage: "Manage FAQs" },
  {
    title: "Contact Submissions",
    to: "/admin/contacts",
    countPath: "/api/admin/contacts/count",
    manage: "Manage Contact Submissions",
  },
  { title: "Users", to: "/admin/users", countPath: "/api/admin/users/count", manage: "Manage Users" },
];

/** Spec section 7: a bare number; a failed call counts as 0 (and is logged). */
async function fetchCount(path: string): Promise<number> {
  try {
    const res = await fetch(path, { headers: { Accept: "application/json" } });
    if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
    const value = (await res.json()) as unknown;
    return typeof value === "number" ? value : 0;
  } catch (error) {
    console.error(`Could not load the count from ${path}:`, error);
    return 0;
  }
}

export default function Dashboard() {
  const layout = useRouteLoaderData<typeof layoutLoader>("features/admin/admin-layout");
  const [counts, setCounts] = useState<Record<string, number>>({});

  useEffect(() => {
    let cancelled = false;
    for (const card of CARDS) {
      if (!card.countPath) continue;
      void fetchCount(card.countPath).then((n) => {
        if (!cancelled) setCounts((prev) => ({ ...prev, [card.title]: n }));
      });
    }
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <>
      <h1 className="text-3xl font-bold">Dashboard</h1>
      <p className="mt-2 text-slate-brand">
        Welcome back{layout?.user.username ? `, ${layout.user.username}` : ""}. Manage the website content and read the
        enquiries that come in.
      </p>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {CARDS.map((card) => {
          const count = counts[card.title];
          return (
            <li key={card.title} className="flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
              <h2 className="text-lg font-semibold">{card.title}</h2>
              <p className="mt-3 text-4xl font-bold" aria-live="polite">
                <span className="sr-only">{card.title}: </span>
                {count ?? "-"}
              </p>
              {card.title === "Contact Submissions" && layout && (
                <p className="mt-1 text-sm font-medium text-slate-brand">{layout.unread} unread</p>
              )}
              <Link to={card.to} className="btn-dark mt-5 self-start">
                {card.manage}
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
