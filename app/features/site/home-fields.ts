import {
  definePageFields,
  heroFields,
  items,
  link,
  list,
  paragraph,
  paragraphPart,
  part,
  text,
} from "~/features/pages/fields/field-dsl";
import * as copy from "./home-content";

/** The home page: every sentence of the page body, editable in the admin (defaults: the page's own copy). */
export const homeFields = definePageFields({
  slug: "home",
  name: "Home",
  fields: {
    ...heroFields(copy.hero),
    consultationButton: link({
      label: "Consultation button",
      help: "In the hero and the closing band.",
      default: { label: "Request Free Consultation", href: "/contact-us" },
    }),
    servicesHeading: text({ label: "Services: heading", default: "Our Specialist Services in Dublin" }),
    servicesIntro: paragraph({
      label: "Services: introduction",
      default:
        "Four specialist services, one experienced team. Every job starts with a free site survey and a fixed, itemised quote.",
    }),
    services: items({
      label: "Services",
      help: "Four, in this order: each has its picture and links to its page (partitions, suspended ceilings, shop ceilings, repairs).",
      itemLabel: "Service",
      parts: { title: part({ label: "Name" }), description: paragraphPart({ label: "Description", max: 500 }) },
      minItems: 4,
      maxItems: 4,
      default: copy.services.map(({ title, description }) => ({ title, description })),
    }),
    servicesLinkLabel: text({ label: "Services: link words", max: 40, default: "Learn More" }),
    processHeading: text({ label: "Process: heading", default: "Our 4 Step Process" }),
    processIntro: paragraph({
      label: "Process: introduction",
      default: "From your first call to the final walk-round, you always know what happens next.",
    }),
    processSteps: items({
      label: "Process steps",
      help: "Four, in this order: each has its drawing. {phone} is replaced by the business phone number.",
      itemLabel: "Step",
      parts: { title: part({ label: "Title" }), description: paragraphPart({ label: "Text", max: 500 }) },
      minItems: 4,
      maxItems: 4,
      default: copy.processSteps.map(({ title, description }) => ({ title, description })),
    }),
    whyHeading: text({ label: "Why choose us: heading", default: copy.whyChooseUs.heading }),
    whyIntro: paragraph({ label: "Why choose us: introduction", default: copy.whyChooseUs.intro }),
    aboutButton: link({ label: "Why choose us: button", default: { label: "More About Us", href: "/about-us" } }),
    whyPoints: items({
      label: "Why choose us: points",
      itemLabel: "Point",
      parts: { title: part({ label: "Title" }), text: paragraphPart({ label: "Text", max: 400 }) },
      maxItems: 8,
      default: copy.whyChooseUs.points,
    }),
    safetyHeading: text({ label: "Health and safety: heading", default: "Health & Safety" }),
    safetyIntro: paragraph({ label: "Health and safety: introduction", default: copy.healthAndSafety.intro }),
    safetyPoints: list({
      label: "Health and safety: points",
      itemLabel: "Point",
      max: 200,
      maxItems: 12,
      default: [...copy.healthAndSafety.points],
    }),
    galleryHeading: text({ label: "Recent projects: heading", default: "Recent Projects" }),
    galleryIntro: paragraph({
      label: "Recent projects: introduction",
      help: "The projects themselves are managed under Projects (the featured ones).",
      default:
        "A selection of offices, shops, salons and repairs we have completed around Dublin. Select a photo to see it larger.",
    }),
    galleryButton: link({
      label: "Recent projects: button",
      default: { label: "View Full Gallery", href: "/gallery" },
    }),
    testimonialsHeading: text({ label: "Testimonials: heading", default: "What Our Clients Say" }),
    testimonialsIntro: paragraph({
      label: "Testimonials: introduction",
      help: "{rating} and {reviews} are replaced by the business rating and its number of reviews.",
      default: "Rated {rating} out of 5 from {reviews} reviews by offices, retailers and salon owners.",
    }),
    blogHeading: text({
      label: "Latest articles: heading",
      help: "Above the three newest published blog posts (the section is hidden while there are none).",
      default: "Latest from the Blog",
    }),
    blogIntro: paragraph({
      label: "Latest articles: introduction",
      default: "Practical advice on ceilings, partitions and fit-outs for Irish offices, shops and salons.",
    }),
    ctaHeading: text({ label: "Closing band: heading", default: copy.callToAction.heading }),
    ctaText: paragraph({ label: "Closing band: text", default: copy.callToAction.text }),
  },
});
