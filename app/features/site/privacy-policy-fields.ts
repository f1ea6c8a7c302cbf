import {
  BUSINESS_PLACEHOLDERS_HELP,
  definePageFields,
  items,
  link,
  paragraph,
  paragraphPart,
  part,
  text,
} from "~/features/pages/fields/field-dsl";
import * as copy from "./privacy-policy-content";

const PLACEHOLDERS_HELP = `${BUSINESS_PLACEHOLDERS_HELP} {legalName} is the registered company name.`;

/** /privacy-policy: the whole notice, editable in the admin (defaults: the page's own copy). */
export const privacyPolicyFields = definePageFields({
  slug: "privacy-policy",
  name: "Privacy Policy",
  fields: {
    heading: text({ label: "Heading", help: "The page's main heading (h1).", default: "Privacy Policy" }),
    updatedLabel: text({ label: "Words before the date", max: 40, default: "Last updated:" }),
    lastUpdated: text({
      label: "Last updated",
      help: "The date as YYYY-MM-DD (2026-11-21 shows as 21 November 2026).",
      max: 10,
      default: copy.LAST_UPDATED.iso,
    }),
    intro: paragraph({ label: "Introduction", help: PLACEHOLDERS_HELP, default: copy.intro }),
    tocHeading: text({
      label: "Contents list: heading",
      help: "Beside the notice on wide screens.",
      max: 40,
      default: "On this page",
    }),
    sections: items({
      label: "Sections",
      help: `Each section: paragraphs (a blank line between them), then a bulleted list (one point per line), then more paragraphs. Any of the three may be empty. ${PLACEHOLDERS_HELP}`,
      itemLabel: "Section",
      parts: {
        heading: part({ label: "Heading" }),
        paragraphs: paragraphPart({ label: "Paragraphs", max: 4000, optional: true }),
        bullets: paragraphPart({ label: "Bulleted list", max: 4000, optional: true }),
        after: paragraphPart({ label: "Paragraphs after the list", max: 4000, optional: true }),
      },
      maxItems: 20,
      default: copy.sections.map((s) => ({
        heading: s.heading,
        paragraphs: (s.paragraphs ?? []).join("\n\n"),
        bullets: (s.bullets ?? []).join("\n"),
        after: (s.after ?? []).join("\n\n"),
      })),
    }),
    questionsLead: text({
      label: "Closing note: words before the e-mail address",
      default: "Questions about this notice or your data? E-mail",
    }),
    questionsOrCall: text({ label: "Closing note: words before the phone number", max: 40, default: "or call" }),
    questionsMessage: text({
      label: "Closing note: words before the contact link",
      default: ", or send us a message through our",
    }),
    contactLink: link({ label: "Closing note: contact link", default: { label: "contact page", href: "/contact-us" } }),
  },
});
