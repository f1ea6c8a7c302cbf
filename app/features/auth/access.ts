/**
 * Who may do what in the admin: ONE table, read by the /api/admin guard (requireAdminApi), by every
 * admin page's loader (requireAdmin with the page's path), by the admin menu and by the dashboard.
 * Browser-safe (no server imports): the menu filters itself with `mayOpen`.
 *
 * - owner: everything.
 * - office: enquiries, clients, quotes, bookings and availability, jobs, invoices and payments, the VAT
 *   summary, visitor analytics and the website's content; not users, business or mail settings, prices,
 *   the audit log, backups or demo removal.
 * - editor: pages, posts, projects, testimonials, FAQs, redirects, images; no enquiries, quotes,
 *   bookings, settings, users, prices or audit log.
 * - crew: the jobs they are on (a job day lists them): the job card and its calls, their own list
 *   of jobs; nothing else. The table lets crew reach the job card's calls; each handler then checks
 *   that the job is one of theirs (features/jobs/card/job-access.server.ts), 403 otherwise.
 * Everyone has their own account page, password and two-factor sign-in.
 *
 * A call the table does not list is for owners only (so a new route is closed until it is given
 * roles here; the authorisation test fails until then).
 *
 * Confirm-before-danger: a rule with `confirm` (what could take over an account, redirect the
 * business's mail or carry off every enquiry or invoice) answers 403 { message, confirm: true } until the
 * session confirmed its password (and code) with POST /api/auth/confirm in the last 10 minutes.
 * The /api/admin guard enforces it for every rule here, so no handler checks it itself; the
 * authorisation test refuses every marked call with a session that never confirmed.
 */

export const ROLES = ["owner", "office", "editor", "crew"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", office: "Office", editor: "Editor", crew: "Crew" };
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including users, prices, settings and the audit log",
  office: "Enquiries, clients, quotes, bookings, jobs, invoices and the website's content",
  editor: "Pages, blog posts, projects, testimonials, FAQs and redirects",
  crew: "The jobs they are on: job card, checklist, photos, snags and documents",
};

export const isRole = (value: unknown): value is Role => typeof value === "string" && ROLES.includes(value as Role);

const EVERYONE: ReadonlyArray<Role> = ["owner", "office", "editor"];
const OFFICE: ReadonlyArray<Role> = ["owner", "office"];
const OWNER: ReadonlyArray<Role> = ["owner"];
/** The job card: the office and owners for any job, crew for the jobs they are on (checked per job). */
const JOB_CARD: ReadonlyArray<Role> = ["owner", "office", "crew"];
const ALL_STAFF: ReadonlyArray<Role> = ["owner", "office", "editor", "crew"];
/** Who has a calendar feed on My Account: those given site surveys or job days (not editors). */
export const CALENDAR_ROLES: ReadonlyArray<Role> = ["owner", "office", "crew"];

/** What a conditional `confirm` sees of the request: its parsed JSON body (undefined when not JSON). */
export type ConfirmRequest = { body: unknown };

/** An /api/admin call: method ("ALL" for router.all) and its Express path, exactly as the router declares it. */
export type ApiRule = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "ALL";
  path: string;
  roles: ReadonlyArray<Role>;
  /** Needs a recent confirmation: always, or when the request says so (e.g. a setting turned off). */
  confirm?: true | ((request: ConfirmRequest) => boolean);
};

/** A body that sets `field` to false (turning a protection off). */
const turnsOff =
  (field: string) =>
  ({ body }: ConfirmRequest): boolean =>
    typeof body === "object" && body !== null && (body as Record<string, unknown>)[field] === false;

/** Content that editors and the office both keep up: the resource's list, item and count calls. */
const contentResource = (name: string): ApiRule[] => [
  { method: "GET", path: `/api/admin/${name}`, roles: EVERYONE },
  { method: "POST", path: `/api/admin/${name}`, roles: EVERYONE },
  { method: "GET", path: `/api/admin/${name}/:id`, roles: EVERYONE },
  { method: "PUT", path: `/api/admin/${name}/:id`, roles: EVERYONE },
  { method: "DELETE", path: `/api/admin/${name}/:id`, roles: EVERYONE },
];

export const API_ACCESS: ReadonlyArray<ApiRule> = [
  // Dashboard counts: each as its list.
  { method: "GET", path: "/api/admin/pages/count", roles: EVERYONE },
  { method: "GET", path: "/api/admin/projects/count", roles: EVERYONE },
  { method: "GET", path: "/api/admin/testimonials/count", roles: EVERYONE },
  { method: "GET", path: "/api/admin/faqs/count", roles: EVERYONE },
  { method: "GET", path: "/api/admin/contacts/count", roles: OFFICE },
  { method: "GET", path: "/api/admin/contacts/unread-count", roles: OFFICE },
  { method: "GET", path: "/api/admin/users/count", roles: OWNER },

  // Enquiries, their quotes, bookings and survey hours: the office's work.
  { method: "GET", path: "/api/admin/contacts", roles: OFFICE },
  { method: "GET", path: "/api/admin/stats/leads", roles: OFFICE },
  { method: "GET", path: "/api/admin/stats/visits", roles: OFFICE },
  { method: "GET", path: "/api/admin/contacts/export.csv", roles: OFFICE, confirm: true },
  { method: "GET", path: "/api/admin/contacts/:id", roles: OFFICE },
  { method: "GET", path: "/api/admin/contacts/:id/history", roles: OFFICE },
  { method: "PATCH", path: "/api/admin/contacts/:id", roles: OFFICE },
  { method: "POST", path: "/api/admin/contacts/:id/notes", roles: OFFICE },
  { method: "DELETE", path: "/api/admin/contacts/:id", roles: OFFICE },
  { method: "POST", path: "/api/admin/contacts/:id/quotes", roles: OFFICE },
  { method: "GET", path: "/api/admin/quotes", roles: OFFICE },
  // Clients (issue 37): the office's, as their enquiries. A merge cannot be undone: the page asks first.
  { method: "GET", path: "/api/admin/clients", roles: OFFICE },
  { method: "POST", path: "/api/admin/clients", roles: OFFICE },
  { method: "GET", path: "/api/admin/clients/:id", roles: OFFICE },
  { method: "PUT", path: "/api/admin/clients/:id", roles: OFFICE },
  { method: "POST", path: "/api/admin/clients/:id/merge", roles: OFFICE },
  { method: "GET", path: "/api/admin/quotes/:id", roles: OFFICE },
  { method: "PUT", path: "/api/admin/quotes/:id", roles: OFFICE },
  { method: "POST", path: "/api/admin/quotes/:id/send", roles: OFFICE },
  { method: "GET", path: "/api/admin/quotes/:id/pdf", roles: OFFICE },
  // Jobs and their programme (issue 37).
  { method: "GET", path: "/api/admin/jobs", roles: OFFICE },
  { method: "POST", path: "/api/admin/jobs", roles: OFFICE },
  { method: "GET", path: "/api/admin/jobs/:id", roles: OFFICE },
  { method: "PUT", path: "/api/admin/jobs/:id", roles: OFFICE },
  { method: "POST", path: "/api/admin/jobs/:id/days", roles: OFFICE },
  { method: "DELETE", path: "/api/admin/jobs/:id/days/:dayId", roles: OFFICE },
  { method: "POST", path: "/api/admin/jobs/:id/programme", roles: OFFICE },
  // Invoices (issue 38): the office and owners.
  { method: "POST", path: "/api/admin/jobs/:id/invoices", roles: OFFICE },
  { method: "GET", path: "/api/admin/invoices", roles: OFFICE },
  { method: "GET", path: "/api/admin/invoices/:id", roles: OFFICE },
  { method: "PUT", path: "/api/admin/invoices/:id", roles: OFFICE },
  { method: "DELETE", path: "/api/admin/invoices/:id", roles: OFFICE },
  { method: "POST", path: "/api/admin/invoices/:id/issue", roles: OFFICE },
  { method: "POST", path: "/api/admin/invoices/:id/credit-note", roles: OFFICE },
  { method: "GET", path: "/api/admin/invoices/:id/ubl.xml", roles: OFFICE },
  // Payments, retention and clients' statements (issue 38): the office's, as the invoices.
  { method: "GET", path: "/api/admin/invoices/:id/payments", roles: OFFICE },
  { method: "POST", path: "/api/admin/invoices/:id/payments", roles: OFFICE },
  { method: "DELETE", path: "/api/admin/invoices/:id/payments/:paymentId", roles: OFFICE },
  { method: "GET", path: "/api/admin/jobs/:id/retention", roles: OFFICE },
  { method: "GET", path: "/api/admin/clients/:id/statement", roles: OFFICE },
  { method: "GET", path: "/api/admin/clients/:id/statement.pdf", roles: OFFICE },
  // For the accountant (issue 38 item 7): the invoices issued in a period and the VAT return's sales side.
  { method: "GET", path: "/api/admin/invoices/export.csv", roles: OFFICE, confirm: true },
  { method: "GET", path: "/api/admin/vat-summary", roles: OFFICE },
  // Review requests (issue 39): asking a client is the office's; the figures sit beside the testimonials.
  { method: "POST", path: "/api/admin/jobs/:id/review-request", roles: OFFICE },
  { method: "GET", path: "/api/admin/reviews/summary", roles: EVERYONE },
  { method: "GET", path: "/api/admin/availability", roles: OFFICE },
  { method: "PUT", path: "/api/admin/availability", roles: OFFICE },
  { method: "GET", path: "/api/admin/bookings", roles: OFFICE },
  { method: "POST", path: "/api/admin/bookings/:id/reschedule", roles: OFFICE },
  { method: "POST", path: "/api/admin/bookings/:id/cancel", roles: OFFICE },
  // Your own calendar feed (your site surveys and job days): for those who have days to attend.
  { method: "GET", path: "/api/admin/account/calendar", roles: CALENDAR_ROLES },
  { method: "POST", path: "/api/admin/account/calendar/rotate", roles: CALENDAR_ROLES },
  { method: "PUT", path: "/api/admin/account/email", roles: OFFICE, confirm: true },

  // The website's content: everyone.
  ...contentResource("pages"),
  { method: "POST", path: "/api/admin/pages/:id/publish", roles: EVERYONE },
  { method: "GET", path: "/api/admin/pages/:id/revisions", roles: EVERYONE },
  { method: "POST", path: "/api/admin/pages/:id/revisions/:revisionId/restore", roles: EVERYONE },
  ...contentResource("projects"),
  { method: "POST", path: "/api/admin/projects/:id/publish", roles: EVERYONE },
  // A completed job made into a project (issue 39): the jobs are the office's.
  { method: "POST", path: "/api/admin/jobs/:id/project", roles: OFFICE },
  ...contentResource("testimonials"),
  ...contentResource("faqs"),
  ...contentResource("posts"),
  { method: "GET", path: "/api/admin/redirects", roles: EVERYONE },
  { method: "POST", path: "/api/admin/redirects", roles: EVERYONE },
  { method: "DELETE", path: "/api/admin/redirects/:id", roles: EVERYONE },
  { method: "GET", path: "/api/admin/not-found", roles: EVERYONE },
  { method: "POST", path: "/api/admin/uploads", roles: EVERYONE },
  { method: "POST", path: "/api/admin/markdown/preview", roles: EVERYONE },
  // How much demo content is left (the dashboard's notice); removing it all is the owner's call.
  { method: "GET", path: "/api/admin/demo-content", roles: EVERYONE },
  { method: "DELETE", path: "/api/admin/demo-content", roles: OWNER, confirm: true },
  { method: "ALL", path: "/api/admin/demo-content", roles: OWNER },

  // The job card (issue 37): crew only for the jobs they are on, which each handler checks.
  { method: "GET", path: "/api/admin/jobs/:id/card", roles: JOB_CARD },
  { method: "PUT", path: "/api/admin/jobs/:id/checklist/:itemId", roles: JOB_CARD },
  { method: "POST", path: "/api/admin/jobs/:id/photos", roles: JOB_CARD },
  { method: "DELETE", path: "/api/admin/jobs/:id/photos/:photoId", roles: JOB_CARD },
  { method: "POST", path: "/api/admin/jobs/:id/snags", roles: JOB_CARD },
  { method: "PUT", path: "/api/admin/jobs/:id/snags/:snagId", roles: JOB_CARD },
  { method: "DELETE", path: "/api/admin/jobs/:id/snags/:snagId", roles: JOB_CARD },
  { method: "POST", path: "/api/admin/jobs/:id/documents", roles: JOB_CARD },
  { method: "GET", path: "/api/admin/jobs/:id/documents/:documentId", roles: JOB_CARD },
  { method: "GET", path: "/api/admin/jobs/:id/handover.pdf", roles: OFFICE },
  { method: "GET", path: "/api/admin/my-jobs", roles: JOB_CARD },

  // Invoices (issue 38): an issued invoice's PDF and sending it to the client.
  { method: "GET", path: "/api/admin/invoices/:id/pdf", roles: OFFICE },
  { method: "POST", path: "/api/admin/invoices/:id/send", roles: OFFICE },

  // Your own password and full name: everyone.
  { method: "PUT", path: "/api/admin/account/password", roles: ALL_STAFF },
  { method: "PUT", path: "/api/admin/account/name", roles: ALL_STAFF },

  // Users, security, prices, business and mail settings, the audit log: owners. Every change to
  // who has an account, with which role, and where its reset links go needs a recent confirmation:
  // a new account of any role is a new way in (office reads every enquiry), and the e-mail address
  // is where a reset link for the account goes, your own included.
  { method: "GET", path: "/api/admin/users", roles: OWNER },
  { method: "POST", path: "/api/admin/users", roles: OWNER, confirm: true },
  { method: "PUT", path: "/api/admin/users/:id", roles: OWNER, confirm: true },
  { method: "DELETE", path: "/api/admin/users/:id", roles: OWNER, confirm: true },
  { method: "PUT", path: "/api/admin/users/:id/password", roles: OWNER, confirm: true },
  { method: "PUT", path: "/api/admin/users/:id/email", roles: OWNER, confirm: true },
  // A name opens nothing: no confirmation.
  { method: "PUT", path: "/api/admin/users/:id/name", roles: OWNER },
  { method: "DELETE", path: "/api/admin/users/:id/two-factor", roles: OWNER, confirm: true },
  // Turning "require two-factor" on is safe; turning it off weakens every account.
  { method: "PUT", path: "/api/admin/settings/two-factor", roles: OWNER, confirm: turnsOff("required") },
  { method: "GET", path: "/api/admin/settings/auto-reply", roles: OWNER },
  { method: "PUT", path: "/api/admin/settings/auto-reply", roles: OWNER, confirm: true },
  { method: "GET", path: "/api/admin/pricing", roles: OWNER },
  { method: "PUT", path: "/api/admin/pricing", roles: OWNER },
  { method: "ALL", path: "/api/admin/pricing", roles: OWNER },
  { method: "GET", path: "/api/admin/audit", roles: OWNER },
  // The business's public facts may be read by anyone signed in (the new-lead addresses by owners
  // only); changing them and mail are the owner's. The business's e-mail is every visitor mail's
  // Reply-To and its phone and VAT number are on every quote, so any change asks for the password;
  // so does its bank account (Settings → Business `bank`), where invoices tell clients to pay: a
  // stolen session must not redirect the business's money.
  { method: "GET", path: "/api/admin/settings/business", roles: EVERYONE },
  { method: "PUT", path: "/api/admin/settings/business", roles: OWNER, confirm: true },
  { method: "GET", path: "/api/admin/settings/mail", roles: OWNER },
  { method: "PUT", path: "/api/admin/settings/mail", roles: OWNER, confirm: true },
  { method: "POST", path: "/api/admin/settings/mail/test", roles: OWNER },
];

/** Each admin page (its route path under /admin): who may open it and use its forms. */
export const PAGE_ACCESS = {
  "/admin": ALL_STAFF,
  "/admin/pages": EVERYONE,
  "/admin/pages/:id": EVERYONE,
  "/admin/projects": EVERYONE,
  "/admin/testimonials": EVERYONE,
  "/admin/faqs": EVERYONE,
  "/admin/posts": EVERYONE,
  "/admin/redirects": EVERYONE,
  "/admin/contacts": OFFICE,
  "/admin/bookings": OFFICE,
  "/admin/availability": OFFICE,
  "/admin/quotes": OFFICE,
  "/admin/clients": OFFICE,
  "/admin/clients/:id": OFFICE,
  "/admin/visitors": OFFICE,
  "/admin/quotes/:id": OFFICE,
  "/admin/quotes/:id/preview": OFFICE,
  "/admin/jobs": OFFICE,
  "/admin/jobs/:id/programme": OFFICE,
  "/admin/jobs/:id/project": OFFICE,
  "/admin/invoices": OFFICE,
  "/admin/invoices/:id": OFFICE,
  "/admin/vat-summary": OFFICE,
  "/admin/pricing": OWNER,
  "/admin/users": OWNER,
  "/admin/audit": OWNER,
  "/admin/settings": OWNER,
  "/admin/jobs/:id": JOB_CARD,
  "/admin/my-jobs": JOB_CARD,
  "/admin/account": ALL_STAFF,
  "/admin/account/two-factor": ALL_STAFF,
} as const satisfies Record<string, ReadonlyArray<Role>>;

export type AdminPage = keyof typeof PAGE_ACCESS;

/** Whether a role may open an admin page (the menu, the dashboard's cards, the page loaders). */
export const mayOpen = (role: Role, page: AdminPage): boolean => PAGE_ACCESS[page].includes(role);

/** An Express path ("/api/admin/pages/:id"), split once, against a request path's segments: `:name` is one non-empty segment. */
function pathMatches(pattern: ReadonlyArray<string>, got: ReadonlyArray<string>): boolean {
  if (pattern.length !== got.length) return false;
  return pattern.every((segment, i) => (segment.startsWith(":") ? got[i] !== "" : segment === got[i]));
}

/**
 * Every rule's path split into segments once, with how many are literal ("/pages/count" is more
 * specific than "/pages/:id"): each admin API call is matched against all of them.
 */
const MATCHABLE_RULES = API_ACCESS.map((rule) => {
  const segments = rule.path.split("/");
  return { rule, segments, literal: segments.filter((s) => !s.startsWith(":")).length };
});

/**
 * The rule for a request, or null (then owners only). As Express would: a literal segment wins over
 * a parameter; a HEAD request is its GET; "ALL" covers the methods the path does not list.
 */
export function apiRuleFor(method: string, path: string): ApiRule | null {
  const wanted = method === "HEAD" ? "GET" : method;
  const got = (path.replace(/\/+$/, "") || "/").split("/");
  const candidates = MATCHABLE_RULES.filter((c) => pathMatches(c.segments, got));
  const best = (found: typeof candidates) => found.sort((a, b) => b.literal - a.literal)[0]?.rule ?? null;
  return (
    best(candidates.filter((c) => c.rule.method === wanted)) ?? best(candidates.filter((c) => c.rule.method === "ALL"))
  );
}

/** Whether a call under this rule needs a recent confirmation of the caller's password. */
export function confirmNeeded(rule: ApiRule | null, request: ConfirmRequest): boolean {
  if (!rule?.confirm) return false;
  return rule.confirm === true || rule.confirm(request);
}

/**
 * Admin page forms (their `intent`) that need a recent confirmation, as the API rules above:
 * setting up two-factor sign-in, which someone with only a stolen session could otherwise turn on
 * with their own phone and lock the owner out.
 */
export const PAGE_CONFIRM: Partial<Record<AdminPage, ReadonlyArray<string>>> = {
  "/admin/account/two-factor": ["start", "confirm"],
};

/** Whether a role may make a call under this rule (no rule: owners only). */
export const ruleAllows = (rule: ApiRule | null, role: Role): boolean => (rule?.roles ?? OWNER).includes(role);

/** Whether a role may make an /api/admin call. */
export function mayCall(role: Role, method: string, path: string): boolean {
  return ruleAllows(apiRuleFor(method, path), role);
}

/** The 403 message for a call or page outside one's role: says whose job it is. */
export function notAllowedMessage(role: Role): string {
  return `Your account (${ROLE_LABELS[role]}) cannot do this. Ask an owner if you need it.`;
}
