import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { builtInPages } from "./features/pages/built-in-pages";

export default [
  layout("features/site/public-layout.tsx", [
    // The site's own pages (home, services, contact, …): declared once, in pages/built-in-pages.ts.
    ...builtInPages.map((page) =>
      page.path === "/"
        ? index(page.file)
        : route(page.path.slice(1), page.file, "routeId" in page ? { id: page.routeId } : {}),
    ),
    // Blog posts staff write in the admin (published ones; a draft is a 404) and their RSS feed.
    route("blog/rss.xml", "features/blog/rss-xml.ts"),
    route("blog/:slug", "features/blog/blog-post.tsx"),
    // Published projects (issue 39): the list, each project's page, and a county's page once it
    // has three (a draft, an unknown slug or an area with fewer is a 404).
    route("projects", "features/projects/projects-index.tsx"),
    route("projects/:slug", "features/projects/project-page.tsx"),
    route("areas/:area", "features/projects/area-page.tsx"),
    // A booking's own page behind its secret link (its forms post to its own action;
    // /booking/:token/reschedule and /cancel are the JSON API).
    route("booking/:token", "features/booking/booking-page.tsx"),
    // Resource routes (no component): generated from the public page list and SITE_URL.
    route("sitemap.xml", "features/seo/sitemap-xml.ts"),
    route("robots.txt", "features/seo/robots-txt.ts"),
    // Pages staff add in the admin, at /<slug> (the routes above win; no page row: 404).
    route(":slug", "features/pages/staff-page.tsx"),
    // Anything unmatched: the 404 page inside the public layout, answered with status 404.
    route("*", "features/site/not-found.tsx"),
  ]),
  // A client's quote (issue 28): private to the link, outside the public layout, never cached or
  // indexed. Its forms post to its action; the JSON answers and the PDF (/q/:token/accept, /decline,
  // /pdf) are Express handlers.
  route("q/:token", "features/quotes/quote-page.tsx"),
  // A client's job (issue 37): the programme, snags and sign-off, private to the link like a quote.
  // The JSON sign-off and the handover pack (/j/:token/sign-off, /handover.pdf) are Express handlers.
  route("j/:token", "features/jobs/card/job-client-page.tsx"),
  // A client's invoice or credit note (issue 38): private to the link like a quote; its PDF and
  // UBL e-invoice are resource routes of their own.
  route("i/:token", "features/invoices/invoice-client-page.tsx"),
  route("i/:token/pdf", "features/invoices/invoice-client-files.ts", { id: "invoice-client-pdf" }),
  route("i/:token/ubl.xml", "features/invoices/invoice-client-files.ts", { id: "invoice-client-ubl" }),
  // A client's review of a finished job (issue 39): private to the link like a quote.
  route("r/:token", "features/reviews/review-page.tsx"),
  // Uploaded project images, from the database (resource route: no layout, cached for a year).
  route("uploads/:file", "features/uploads/upload-file.ts"),
  // Staff area: no public header, footer or breadcrumbs. Every loader and action checks the session.
  ...prefix("admin", [
    route("login", "features/auth/login.tsx"),
    route("logout", "features/auth/logout.tsx"),
    // A quote as its client will see it, for staff (any status, drafts included): a page of its own.
    route("quotes/:id/preview", "features/admin/quotes/quote-preview.tsx"),
    // "Forgot password?" and the page its e-mailed link opens (no sign-in needed for either).
    route("forgot-password", "features/auth/forgot-password.tsx"),
    route("reset-password/:token", "features/auth/reset-password.tsx"),
    layout("features/admin/admin-layout.tsx", [
      index("features/admin/dashboard.tsx"),
      route("pages", "features/admin/pages/pages-list.tsx"),
      route("pages/:id", "features/admin/pages/page-editor.tsx"),
      route("projects", "features/admin/projects/projects-list.tsx"),
      route("testimonials", "features/admin/testimonials/testimonials-list.tsx"),
      route("faqs", "features/admin/faqs/faqs-list.tsx"),
      route("posts", "features/admin/posts/posts-list.tsx"),
      route("redirects", "features/admin/redirects/redirects-page.tsx"),
      route("contacts", "features/admin/leads/leads-page.tsx"),
      route("clients", "features/admin/clients/clients-list.tsx"),
      route("clients/:id", "features/admin/clients/client-page.tsx"),
      route("quotes", "features/admin/quotes/quotes-list.tsx"),
      route("quotes/:id", "features/admin/quotes/quote-editor.tsx"),
      // The job card (crew on a phone) and a crew member's own jobs.
      route("jobs/:id", "features/admin/job-card/job-card-page.tsx"),
      route("my-jobs", "features/admin/job-card/my-jobs-page.tsx"),
      route("jobs", "features/admin/jobs/jobs-list.tsx"),
      route("jobs/:id/programme", "features/admin/jobs/job-programme-page.tsx"),
      route("jobs/:id/project", "features/admin/projects/project-from-job-page.tsx"),
      route("invoices", "features/admin/invoices/invoices-list.tsx"),
      route("invoices/:id", "features/admin/invoices/invoice-page.tsx"),
      route("vat-summary", "features/admin/invoices/vat-summary-page.tsx"),
      route("visitors", "features/admin/visitors/visitors-page.tsx"),
      route("users", "features/admin/users/users-page.tsx"),
      route("pricing", "features/admin/pricing/pricing-page.tsx"),
      route("audit", "features/admin/audit/audit-page.tsx"),
      route("availability", "features/admin/availability/availability-page.tsx"),
      route("bookings", "features/admin/bookings/bookings-page.tsx"),
      route("settings", "features/admin/settings/settings-page.tsx"),
      route("account", "features/admin/account/account-page.tsx"),
      route("account/two-factor", "features/admin/two-factor/two-factor-page.tsx"),
      route("*", "features/admin/admin-not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
