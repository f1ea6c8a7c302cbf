import { Suspense, use } from "react";
import { data, Link, redirect, useRouteLoaderData } from "react-router";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { mayCall, mayOpen, type AdminPage } from "~/features/auth/access";
import type { Route } from "./+types/dashboard";
import { countRowsOf, type Counted } from "./admin-counts.server";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import type { loader as layoutLoader } from "./admin-layout";
import { leadStats, endOfDublinDay } from "./leads/lead-stats.server";
import { dueFollowUps } from "./leads/pipeline.server";
import { FollowUpsDue, LeadAnalytics } from "./lead-dashboard";
import { quoteFigures } from "~/features/quotes/quote-figures.server";
import { QuoteFiguresCard } from "./quotes/quote-figures-card";
import { jobDaysOfWeek, jobsToSchedule } from "~/features/jobs/job-list.server";
import { JobsDashboard } from "./jobs/jobs-dashboard";
import { MailBanner } from "./settings/mail-banner";
import { FailedEmailsBanner } from "./settings/failed-emails-banner";
import { failedEmails } from "~/features/mail/failed-emails.server";
import { countDemoContent } from "./demo/demo-content.server";
import { DemoContentNotice } from "./demo/demo-content-notice";
import { sampleFactsInUse } from "~/features/site/sample-facts";
import { unreachableLinksHost } from "~/features/site/site-url";
import { recentVisitors } from "~/features/analytics/visits-report.server";
import { VisitorsSummary } from "./visitors/visitors-summary";
import { LatestEnquiries } from "./latest-enquiries";
import { isFirstVisit, latestEnquiries } from "./latest-enquiries.server";
import { billingFlags } from "~/features/invoices/billing-flags.server";
import { billingFigures } from "~/features/invoices/billing-figures.server";
import { BillingFiguresCard } from "./invoices/billing-figures-card";
import { BillingToDo } from "./invoices/payments-dashboard";

const CARDS: ReadonlyArray<{ counted: Counted; title: string; to: AdminPage }> = [
  { counted: "pages", title: "Pages", to: "/admin/pages" },
  { counted: "projects", title: "Projects", to: "/admin/projects" },
  { counted: "testimonials", title: "Testimonials", to: "/admin/testimonials" },
  { counted: "faqs", title: "FAQs", to: "/admin/faqs" },
  { counted: "contacts", title: "Contact Submissions", to: "/admin/contacts" },
  { counted: "users", title: "Users", to: "/admin/users" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(request, context, "/admin");
  const { role } = me;
  // Crew see only the jobs they are on: their home is that list.
  if (role === "crew") throw redirect("/admin/my-jobs", { headers: { "Cache-Control": "no-store" } });
  const { db } = context.services.database;
  // Only the figures of the pages this role may open (features/auth/access.ts).
  const cards = CARDS.filter((card) => mayOpen(role, card.to));
  const leads = mayOpen(role, "/admin/contacts");
  // Not awaited: the page shows '-' until each count arrives (spec section 2), and a count that
  // fails is logged and shown as 0 (spec section 8). The cards' counts come in one statement (one
  // round trip, not one a card).
  const kinds = cards.map((card) => card.counted);
  const counted = countRowsOf(db, kinds).catch((error: unknown) => {
    context.logger.error({ err: error, counted: kinds }, "could not count rows for the dashboard");
    return null;
  });
  const counts = Object.fromEntries(kinds.map((kind) => [kind, counted.then((all) => all?.[kind] ?? 0)])) as Record<
    Counted,
    Promise<number>
  >;
  const now = new Date();
  const quotesShown = mayOpen(role, "/admin/quotes");
  const visitorsShown = mayOpen(role, "/admin/visitors");
  const jobsShown = mayOpen(role, "/admin/jobs");
  const billingShown = mayOpen(role, "/admin/vat-summary");
  const [stats, followUps, quotes, figures, mail, failedMail, demo, visitors, latest, firstVisit, jobs, billing] =
    await Promise.all([
      leads ? leadStats(db) : null,
      leads ? dueFollowUps(db, endOfDublinDay(now)) : null,
      quotesShown ? quoteFigures(db, now) : null,
      // Owed, overdue, retention held and paid this month (issue 38), for those who see the VAT summary.
      billingShown ? billingFigures(db, now) : null,
      // Those who read the enquiries hear when their e-mails are not going out.
      leads ? context.services.mail.status() : null,
      // …and which e-mails the outbox gave up on, for whom.
      leads ? failedEmails(db) : null,
      countDemoContent(db),
      // The page views still in this server's memory first, so the block includes them.
      visitorsShown ? context.services.analytics.flush().then(() => recentVisitors(db)) : null,
      leads ? latestEnquiries(db) : null,
      isFirstVisit(db, me.id),
      jobsShown
        ? Promise.all([jobsToSchedule(db), jobDaysOfWeek(db, now)]).then(([toSchedule, week]) => ({ toSchedule, week }))
        : null,
      // Billing to do (issue 38): for those who see the clients (the office's work).
      mayOpen(role, "/admin/clients") ? billingFlags(db, now) : null,
    ]);
  return data(
    {
      billing,
      billingFigures: figures,
      cards: cards.map((card) => card.counted),
      counts,
      stats,
      followUps,
      quotes,
      jobs,
      mail,
      failedMail,
      demo,
      // The sample phone, VAT number, address, area and rating still in Settings > Business.
      sampleFacts: sampleFactsInUse(context.services.business),
      // A local site address while this page arrives under another name: the links sent are dead.
      siteUrl: context.services.siteUrl,
      reachedAt: unreachableLinksHost(context.services.siteUrl, request.url),
      visitors,
      latest,
      firstVisit,
      // Removing the demo content is the owner's call (features/auth/access.ts).
      mayRemoveDemo: mayCall(role, "DELETE", "/api/admin/demo-content"),
      now: now.toISOString(),
    },
    { headers: adminHeaders() },
  );
}

export const meta: Route.MetaFunction = adminMeta("Dashboard");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>("features/admin/admin-layout");
  return (
    <>
      <h1 className="text-3xl font-bold">Dashboard</h1>
      <p className="mt-2 text-slate-brand">
        {loaderData.firstVisit ? "Welcome" : "Welcome back"}
        {layout?.user.name ? `, ${layout.user.name}` : ""}. Manage the website content
        {loaderData.stats ? " and read the enquiries that come in" : ""}.
      </p>
      {loaderData.mail && <MailBanner mail={loaderData.mail} />}
      {loaderData.failedMail && <FailedEmailsBanner failed={loaderData.failedMail} />}
      {loaderData.reachedAt && (
        <section aria-labelledby="site-url-heading" className="mt-6 rounded-xl bg-red-50 p-5 ring-1 ring-red-800/30">
          <h2 id="site-url-heading" className="text-lg font-bold">
            Links in e-mails point at {loaderData.siteUrl}
          </h2>
          <p className="mt-1 max-w-3xl">
            This page was opened at {loaderData.reachedAt}, but the site&apos;s address is {loaderData.siteUrl}: every
            quote, booking and password-reset link sent now leads there, and clients cannot open it. Enter the real
            address under Site address in{" "}
            <Link to="/admin/settings" className="font-semibold underline underline-offset-4">
              Settings → Business
            </Link>{" "}
            (or set SITE_URL).
          </p>
        </section>
      )}
      <DemoContentNotice
        counts={loaderData.demo}
        sampleFacts={loaderData.sampleFacts}
        mayRemove={loaderData.mayRemoveDemo}
      />
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {CARDS.filter((card) => loaderData.cards.includes(card.counted)).map((card) => (
          <li key={card.title} className="flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
            <h2 className="text-lg font-semibold">{card.title}</h2>
            <p className="mt-3 text-4xl font-bold" aria-live="polite">
              <span className="sr-only">{card.title}: </span>
              <Suspense fallback="-">
                <Count of={loaderData.counts[card.counted]} />
              </Suspense>
            </p>
            {card.counted === "contacts" && layout && (
              <p className="mt-1 text-sm font-medium text-slate-brand">{layout.unread} unread</p>
            )}
            <Link to={card.to} className="btn-dark mt-5 self-start">
              Manage {card.title}
            </Link>
          </li>
        ))}
      </ul>
      {loaderData.latest && <LatestEnquiries enquiries={loaderData.latest} />}
      {loaderData.followUps && <FollowUpsDue followUps={loaderData.followUps} now={loaderData.now} />}
      {loaderData.billing && <BillingToDo flags={loaderData.billing} />}
      {loaderData.jobs && <JobsDashboard data={loaderData.jobs} />}
      {loaderData.billingFigures && <BillingFiguresCard figures={loaderData.billingFigures} />}
      {loaderData.quotes && <QuoteFiguresCard figures={loaderData.quotes} />}
      {loaderData.visitors && <VisitorsSummary summary={loaderData.visitors} />}
      {loaderData.stats && <LeadAnalytics stats={loaderData.stats} />}
    </>
  );
}

/** A count as it arrives (the Suspense around it shows '-' until then). */
function Count({ of }: { of: Promise<number> }) {
  return use(of);
}
