import * as z from "zod/mini";

// The visitor auto-reply's wording as staff set it on the Settings screen: shared by the page and
// PUT /api/admin/settings/auto-reply, and read by the intake when it queues an auto-reply.

export const AUTO_REPLY_SUBJECT_MAX = 200;
export const AUTO_REPLY_BODY_MAX = 5000;

/** What staff write into the subject and body; the server fills them in for each enquiry. */
export const AUTO_REPLY_PLACEHOLDERS = [
  { token: "{name}", meaning: "the visitor's name (message only: it is left out of the subject)" },
  { token: "{service}", meaning: 'the service they asked about ("your project" when none was chosen)' },
] as const;

export const DEFAULT_AUTO_REPLY = {
  subject: "Thanks for your enquiry",
  body: [
    "Hi {name},",
    "",
    "Thank you for getting in touch about {service}. We have your message and one of our team will contact you within one working day to talk it through and arrange a free consultation or site survey if you need one.",
    "",
    "If it is urgent, please call us on the number below.",
  ].join("\n"),
} as const;

export const AutoReplySchema = z.object({
  autoReplyEnabled: z.boolean({ error: "Choose whether to send the auto-reply" }),
  autoReplySubject: z
    .string({ error: "Enter a subject" })
    .check(
      z.trim(),
      z.minLength(1, "Enter a subject"),
      z.maxLength(AUTO_REPLY_SUBJECT_MAX, `Keep the subject under ${AUTO_REPLY_SUBJECT_MAX} characters`),
    ),
  autoReplyBody: z
    .string({ error: "Enter the message" })
    .check(
      z.trim(),
      z.minLength(1, "Enter the message"),
      z.maxLength(
        AUTO_REPLY_BODY_MAX,
        `Keep the message under ${AUTO_REPLY_BODY_MAX.toLocaleString("en-IE")} characters`,
      ),
    ),
});

export type AutoReplyInput = z.infer<typeof AutoReplySchema>;
export const AUTO_REPLY_FIELDS = ["autoReplyEnabled", "autoReplySubject", "autoReplyBody"] as const;
