/**
 * Every kind of audit entry, grouped for the filter on /admin/audit. Shared by the server (which
 * writes only these) and the page (which offers them as filters). Never add a field that could
 * carry a password, a code or a secret.
 */
export const AUDIT_GROUPS = {
  "sign-in": {
    label: "Sign-ins",
    actions: {
      "sign-in.success": "Signed in",
      "sign-in.failure": "Sign-in failed",
      "sign-out": "Signed out",
    },
  },
  users: {
    label: "Users and security",
    actions: {
      "user.create": "Added a user",
      "user.delete": "Deleted a user",
      "user.role": "Changed a user's role",
      "user.password-reset": "Reset a user's password",
      "account.password-change": "Changed own password",
      "account.confirm-failure": "Failed to confirm own password",
      "account.password-reset-request": "Was e-mailed a password reset link",
      "account.password-reset-link": "Set a new password with a reset link",
      "user.email": "Changed a user's e-mail address",
      "user.name": "Changed a user's full name",
      "two-factor.enable": "Turned on two-factor sign-in",
      "two-factor.disable": "Turned off two-factor sign-in",
      "two-factor.recovery-codes": "Made new recovery codes",
      "two-factor.recovery-code-used": "Used a recovery code",
      "settings.require-two-factor": "Changed the two-factor requirement",
      "settings.auto-reply": "Changed the visitor auto-reply",
      "settings.business": "Changed the business settings",
      "settings.mail": "Set up mail",
      "account.email": "Changed own e-mail address",
      "account.name": "Changed own full name",
      "account.calendar-rotate": "Made a new calendar feed address",
      "availability.update": "Changed survey availability",
      "audit.purge": "Erased old audit log entries",
    },
  },
  content: {
    label: "Content",
    actions: {
      "page.create": "Created a page",
      "page.update": "Updated a page",
      "page.delete": "Deleted a page",
      "page.publish": "Published a page",
      "page.restore": "Restored a page revision",
      "project.create": "Created a project",
      "project.update": "Updated a project",
      "project.delete": "Deleted a project",
      "project.publish": "Published a project",
      "testimonial.create": "Created a testimonial",
      "testimonial.update": "Updated a testimonial",
      "testimonial.delete": "Deleted a testimonial",
      "faq.create": "Created an FAQ",
      "faq.update": "Updated an FAQ",
      "faq.delete": "Deleted an FAQ",
      "upload.create": "Uploaded an image",
      "pricing.update": "Updated the price table",
      "post.create": "Created a blog post",
      "post.update": "Updated a blog post",
      "post.delete": "Deleted a blog post",
      "redirect.create": "Added a redirect",
      "redirect.delete": "Deleted a redirect",
      "demo.remove": "Removed the demo content",
    },
  },
  contacts: {
    label: "Enquiries",
    actions: {
      "contact.view": "Opened an enquiry",
      "contact.list": "Listed enquiries in bulk",
      "contact.mark-read": "Marked an enquiry read",
      "contact.mark-unread": "Marked an enquiry unread",
      "contact.pipeline": "Updated an enquiry's pipeline",
      "contact.note": "Added a note to an enquiry",
      "contact.export": "Exported enquiries",
      "contact.release": "Moved an enquiry from Spam to the inbox",
      "contact.erase": "Erased an enquiry",
      "contact.purge": "Erased old enquiries",
      "booking.reschedule": "Moved a site survey",
      "booking.cancel": "Cancelled a site survey",
    },
  },
  clients: {
    label: "Clients",
    actions: {
      "client.create": "Added a client",
      "client.update": "Changed a client",
      "client.merge": "Merged two clients",
    },
  },
  quotes: {
    label: "Quotes",
    actions: {
      "quote.create": "Created a quote",
      "quote.update": "Changed a quote",
      "quote.send": "Sent a quote",
    },
  },
  jobs: {
    label: "Jobs",
    actions: {
      "job.create": "Started a job",
      "job.update": "Changed a job",
      "job.day-add": "Added a day to a job's programme",
      "job.day-remove": "Removed a day from a job's programme",
      "job.programme": "E-mailed a job's programme to the client",
      "job.snag-delete": "Deleted a snag from a job card",
      "job.photo-delete": "Deleted a photo from a job card",
    },
  },
  invoices: {
    label: "Invoices",
    actions: {
      "invoice.create": "Drafted an invoice",
      "invoice.update": "Changed a draft invoice",
      "invoice.delete": "Deleted a draft invoice",
      "invoice.issue": "Issued an invoice",
      "invoice.credit": "Issued a credit note",
    },
  },
  payments: {
    label: "Payments",
    actions: {
      "payment.record": "Recorded a payment",
      "payment.delete": "Deleted a payment recorded by mistake",
    },
  },
} as const;

type Groups = typeof AUDIT_GROUPS;
export type AuditGroup = keyof Groups;
export type AuditAction = { [G in AuditGroup]: keyof Groups[G]["actions"] }[AuditGroup];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = Object.assign(
  {},
  ...Object.values(AUDIT_GROUPS).map((g) => g.actions),
) as Record<AuditAction, string>;

export const isAuditAction = (value: string): value is AuditAction => Object.hasOwn(AUDIT_ACTION_LABELS, value);
export const isAuditGroup = (value: string): value is AuditGroup => Object.hasOwn(AUDIT_GROUPS, value);
export const actionsOfGroup = (group: AuditGroup): AuditAction[] =>
  Object.keys(AUDIT_GROUPS[group].actions) as AuditAction[];
