import { definePageFields, link, paragraph, text } from "~/features/pages/fields/field-dsl";
import { contactHref } from "~/features/site/contact-href";

/**
 * /blog: the list's own words (the posts are their own resource). Editable once the pages table
 * has a "blog" row; until then the page shows these defaults.
 */
export const blogIndexFields = definePageFields({
  slug: "blog",
  name: "Blog",
  fields: {
    heading: text({ label: "Heading", help: "The page's main heading (h1).", default: "Blog" }),
    intro: paragraph({
      label: "Introduction",
      default:
        "Practical advice on ceilings, partitions and fit-outs from the crews who install them, for shop owners, office managers and anyone planning work on commercial premises.",
    }),
    emptyText: text({
      label: "When there are no posts",
      default: "New articles are on the way. Please check back soon.",
    }),
    ctaHeading: text({ label: "Closing band: heading", default: "Have a question about your premises?" }),
    ctaText: paragraph({
      label: "Closing band: text",
      default:
        "Ask the people who do the work. We'll give you a straight answer, and a free survey and quote if you need one.",
    }),
    contactButton: link({ label: "Closing band: first button", default: { label: "Contact Us", href: "/contact-us" } }),
    quoteButton: link({
      label: "Closing band: second button",
      default: { label: "Shop Ceiling Quote", href: contactHref("Shop Ceiling Installation") },
    }),
  },
});
