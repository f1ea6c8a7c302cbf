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
import * as copy from "./partitions-content";

/** /partitions: every sentence of the page body, editable in the admin (defaults: the page's own copy). */
export const partitionsFields = definePageFields({
  slug: "partitions",
  name: "Office Partitions",
  fields: {
    ...heroFields(copy.hero),
    quoteButton: link({
      label: "Quote button",
      help: "In the hero and the closing band.",
      default: { label: "Get a Free Partitions Quote", href: contactHref("Partitions") },
    }),
    systemsHeading: text({ label: "Systems: heading", default: "Partition Systems We Install" }),
    systemsIntro: paragraph({ label: "Systems: introduction", default: copy.systemsIntro }),
    systems: items({
      label: "Partition systems",
      help: "Links to /partitions#fire-rated, #acoustic, #glass, #demountable and #drywall go to the first five, in that order.",
      itemLabel: "System",
      parts: {
        title: part({ label: "Name" }),
        spec: part({ label: "Key figure", help: "The short line under the name." }),
        text: paragraphPart({ label: "Description", max: 800 }),
        bestFor: paragraphPart({ label: "Best for", max: 300 }),
      },
      maxItems: 10,
      default: copy.systems.map(({ title, spec, text, bestFor }) => ({ title, spec, text, bestFor })),
    }),
    bestForLabel: text({ label: "Systems: words before each “best for” line", max: 40, default: "Best for:" }),
    surveyCardHeading: text({ label: "Systems: survey card heading", default: "Not sure which you need?" }),
    surveyCardText: paragraph({
      label: "Systems: survey card text",
      default:
        "Tell us how you want to use the space. We'll check the fire and sound requirements on site and recommend the simplest system that meets them.",
    }),
    surveyButton: link({
      label: "Systems: survey card button",
      default: { label: "Book a Free Site Survey", href: contactHref("Partitions") },
    }),
    benefitsHeading: text({ label: "Benefits: heading", default: "Why Choose Our Partitions" }),
    benefitsIntro: paragraph({
      label: "Benefits: introduction",
      default: "Well-planned partitions make an office work better, not just look different.",
    }),
    benefits: items({
      label: "Benefits",
      itemLabel: "Benefit",
      parts: { title: part({ label: "Title" }), text: paragraphPart({ label: "Text", max: 400 }) },
      maxItems: 12,
      default: copy.benefits,
    }),
    includedHeading: text({ label: "Included: heading", default: "What's Included in Every Quote" }),
    includedIntro: paragraph({
      label: "Included: introduction",
      default: "Our partition quotes are fixed and itemised, with nothing left for you to arrange separately.",
    }),
    included: list({
      label: "Included in every quote",
      itemLabel: "Point",
      max: 200,
      maxItems: 12,
      default: [...copy.included],
    }),
    ceilingsHeading: text({ label: "With ceilings: heading", default: "Partitions and ceilings together" }),
    ceilingsText: paragraph({ label: "With ceilings: text", default: copy.ceilingsNote }),
    ceilingsButton: link({
      label: "With ceilings: first button",
      default: { label: "Suspended Ceilings", href: "/suspended-ceilings" },
    }),
    combinedButton: link({
      label: "With ceilings: second button",
      default: { label: "Get a Combined Quote", href: contactHref("Partitions") },
    }),
    ctaHeading: text({ label: "Closing band: heading", default: copy.callToAction.heading }),
    ctaText: paragraph({ label: "Closing band: text", default: copy.callToAction.text }),
  },
});
