import { definePageFields, link, paragraph, text } from "~/features/pages/fields/field-dsl";

/** /sitemap-display.html: the page's own words around the lists (the lists come from the page list in code). */
export const sitemapDisplayFields = definePageFields({
  slug: "sitemap",
  name: "Sitemap",
  fields: {
    heading: text({ label: "Heading", help: "The page's main heading (h1).", default: "Sitemap" }),
    intro: paragraph({
      label: "Introduction",
      default:
        "Every public page on our website, grouped by topic, with the priority we give each one for search engines (1.0 is the highest).",
    }),
    updatedLabel: text({ label: "Words before the date", max: 40, default: "Last updated:" }),
    pagesHeading: text({ label: "Public pages: heading", default: "Public Pages" }),
    xmlHeading: text({ label: "Search engines: heading", default: "For Search Engines" }),
    xmlText: paragraph({
      label: "Search engines: text",
      default: "Search engines can read the same list, with the date each page last changed, in our XML sitemap.",
    }),
    xmlButton: text({
      label: "Search engines: button",
      help: "Opens /sitemap.xml.",
      max: 60,
      default: "View XML Sitemap",
    }),
    othersHeading: text({ label: "Other pages: heading", default: "Also on This Site" }),
    adminHeading: text({ label: "Admin area: heading", default: "Staff Admin Area" }),
    adminText: paragraph({
      label: "Admin area: text",
      help: "{count} is replaced by the number of admin pages and {pages} by their names.",
      default:
        "Our staff manage the website from a private admin area with {count} pages: {pages}. It needs a staff sign-in, so it is not linked here and is not listed for search engines.",
    }),
    ctaHeading: text({ label: "Closing band: heading", default: "Can't find what you need?" }),
    ctaText: paragraph({
      label: "Closing band: text",
      default: "Ask us directly: we'll answer your question or arrange a free site survey and quote.",
    }),
    contactButton: link({ label: "Closing band: button", default: { label: "Contact Us", href: "/contact-us" } }),
  },
});
