import { definePageFields, link, paragraph, text } from "~/features/pages/fields/field-dsl";

/** /gallery: the page's own words around the projects (the projects are their own resource). */
export const galleryFields = definePageFields({
  slug: "gallery",
  name: "Project Gallery",
  fields: {
    heading: text({ label: "Heading", help: "The page's main heading (h1).", default: "Project Gallery" }),
    intro: paragraph({
      label: "Introduction",
      default:
        "A selection of our recent work across Dublin and Kildare: glazed meeting rooms, open-plan office ceilings, shop and salon fit-outs, and repairs. Choose a service to narrow the list, and select any photo to see it larger.",
    }),
    emptyText: text({
      label: "When a service has no projects",
      help: "Shown instead of the photos, before the link back to all projects.",
      default: "No projects in this category yet.",
    }),
    showAllLink: link({
      label: "When a service has no projects: link",
      default: { label: "Show all projects", href: "/gallery" },
    }),
    noProjectsText: paragraph({
      label: "When there are no projects yet",
      help: "Shown instead of the filters and photos until the first project is published.",
      default:
        "Photos of our finished offices, shops and salons will be here soon. Planning a project of your own? Tell us about it and we'll arrange a free site survey and a fixed, itemised quote.",
    }),
    noProjectsLink: link({
      label: "When there are no projects yet: link",
      default: { label: "Tell us about your project", href: "/contact-us" },
    }),
    ctaHeading: text({ label: "Closing band: heading", default: "Like what you see?" }),
    ctaText: paragraph({
      label: "Closing band: text",
      default:
        "Tell us about your office, shop or salon and we'll arrange a free site survey and a fixed, itemised quote.",
    }),
    consultationButton: link({
      label: "Closing band: button",
      default: { label: "Request Free Consultation", href: "/contact-us" },
    }),
  },
});
