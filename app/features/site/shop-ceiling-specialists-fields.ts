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
import { contactHref } from "./contact-href";
import * as copy from "./shop-ceiling-specialists-content";

/** /shop-ceiling-specialists: the page's own sentences (projects, testimonials and FAQs are their own resources). */
export const shopCeilingSpecialistsFields = definePageFields({
  slug: "shop-ceiling-specialists",
  name: "Shop Ceiling Specialists",
  fields: {
    ...heroFields(copy.hero),
    quoteHeading: text({
      label: "Quote card: heading",
      help: "The card in the hero and the closing section.",
      default: copy.quoteRequest.heading,
    }),
    quoteText: paragraph({ label: "Quote card: text", default: copy.quoteRequest.text }),
    quotePoints: list({
      label: "Quote card: points",
      itemLabel: "Point",
      max: 150,
      maxItems: 6,
      default: [...copy.quoteRequest.points],
    }),
    quoteButton: link({
      label: "Quote card: button",
      default: { label: "Request a Quote", href: contactHref("Shop Ceiling Installation") },
    }),
    quoteOrCall: text({ label: "Quote card: words before the phone number", max: 40, default: "or call" }),
    benefitsHeading: text({ label: "Benefits: heading", default: "Why Retailers Choose Us" }),
    benefitsIntro: paragraph({
      label: "Benefits: introduction",
      default:
        "We know a shop ceiling has to be finished on time, look right under the lights and never cost you a day's trading.",
    }),
    benefits: items({
      label: "Benefits",
      itemLabel: "Benefit",
      parts: { title: part({ label: "Title" }), text: paragraphPart({ label: "Text", max: 400 }) },
      maxItems: 12,
      default: copy.benefits,
    }),
    processHeading: text({ label: "Process: heading", default: "Our 4-Step Shop Ceiling Process" }),
    processIntro: paragraph({
      label: "Process: introduction",
      default: "From the first visit to after-care, you always know what happens next and when.",
    }),
    processSteps: items({
      label: "Process steps",
      itemLabel: "Step",
      parts: { title: part({ label: "Title" }), text: paragraphPart({ label: "Text", max: 400 }) },
      maxItems: 8,
      default: copy.processSteps.map(({ title, text }) => ({ title, text })),
    }),
    processButton: link({
      label: "Process: button",
      default: { label: "Get a Free Quote", href: contactHref("Shop Ceiling Installation") },
    }),
    projectsHeading: text({ label: "Projects: heading", default: "Recent Shop and Salon Projects" }),
    projectsIntro: paragraph({
      label: "Projects: introduction",
      help: "The projects themselves are managed under Projects.",
      default: "Recent shop and salon ceilings, each fitted without the business closing for a day.",
    }),
    projectsButton: link({
      label: "Projects: button",
      default: { label: "See All Shop Ceiling Projects", href: "/gallery?category=shop-ceilings" },
    }),
    salonHeading: text({ label: "Salons: heading", default: copy.salon.heading }),
    salonText: paragraph({ label: "Salons: text", default: copy.salon.text }),
    salonButton: link({
      label: "Salons: button",
      default: { label: "Salon Ceilings in Detail", href: "/shop-ceiling#hair-salons" },
    }),
    testimonialsHeading: text({ label: "Testimonials: heading", default: "What Retailers Say" }),
    testimonialsIntro: paragraph({
      label: "Testimonials: introduction",
      help: "The testimonials themselves are managed under Testimonials.",
      default: "Shop owners, pharmacists and salon owners on working with our crews.",
    }),
    faqHeading: text({ label: "FAQs: heading", default: "Shop Ceiling FAQs" }),
    faqIntro: paragraph({
      label: "FAQs: introduction",
      help: "The questions and answers are managed under FAQs (category: shop ceilings).",
      default: "Straight answers to the questions retailers ask us most.",
    }),
    closingHeading: text({ label: "Closing section: heading", default: copy.closing.heading }),
    closingText: paragraph({ label: "Closing section: text", default: copy.closing.text }),
  },
});
