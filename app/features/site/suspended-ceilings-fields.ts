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
import * as copy from "./suspended-ceilings-content";

/** /suspended-ceilings: every sentence of the page body, editable in the admin (defaults: the page's own copy). */
export const suspendedCeilingsFields = definePageFields({
  slug: "suspended-ceilings",
  name: "Suspended Ceilings",
  fields: {
    ...heroFields(copy.hero),
    quoteButton: link({
      label: "Quote button",
      help: "In the hero and the closing band.",
      default: { label: "Get a Free Ceiling Quote", href: contactHref("Suspended Ceilings") },
    }),
    systemsHeading: text({ label: "Systems: heading", default: "Ceiling Systems We Install" }),
    systemsIntro: paragraph({
      label: "Systems: introduction",
      default:
        "From a straightforward office grid to acoustic, fire-rated and feature ceilings, we supply and fit the system that suits the room.",
    }),
    systems: items({
      label: "Ceiling systems",
      itemLabel: "System",
      parts: { title: part({ label: "Name" }), text: paragraphPart({ label: "Description", max: 600 }) },
      default: copy.systems.map(({ title, text }) => ({ title, text })),
    }),
    surveyCardHeading: text({ label: "Systems: survey card heading", default: "Not sure which system?" }),
    surveyCardText: paragraph({
      label: "Systems: survey card text",
      default: "We'll look at the room, the services above it and how it's used, and recommend the right ceiling.",
    }),
    surveyButton: link({
      label: "Systems: survey card button",
      default: { label: "Book a Free Survey", href: contactHref("Suspended Ceilings") },
    }),
    edgesHeading: text({ label: "Edges: heading", default: "Grids, Edges and Colours" }),
    edgesIntro: paragraph({ label: "Edges: introduction", default: copy.gridsAndColours }),
    edges: items({
      label: "Edge types",
      help: "Three, in this order: each has its drawing (square, tegular, vector).",
      itemLabel: "Edge type",
      parts: { name: part({ label: "Name" }), text: paragraphPart({ label: "Description", max: 600 }) },
      minItems: 3,
      maxItems: 3,
      default: copy.edges.map(({ name, text }) => ({ name, text })),
    }),
    workHeading: text({ label: "Recent work: heading", default: "Recent Suspended Ceiling Work" }),
    workIntro: paragraph({
      label: "Recent work: introduction",
      default: "A few of the ceilings we have fitted in offices, training rooms, canteens and shops.",
    }),
    workCaptions: list({
      label: "Recent work: photo captions",
      help: "One per photo, in order.",
      itemLabel: "Caption",
      minItems: copy.gallery.length,
      maxItems: copy.gallery.length,
      default: copy.gallery.map((g) => g.caption),
    }),
    workButton: link({
      label: "Recent work: button",
      default: { label: "See More Ceiling Projects", href: "/gallery?category=suspended-ceilings" },
    }),
    pricingHeading: text({ label: "Prices: heading", default: "What Does a Suspended Ceiling Cost?" }),
    pricingIntro: paragraph({ label: "Prices: introduction", default: copy.pricing.intro }),
    priceLines: items({
      label: "Price lines",
      itemLabel: "Price line",
      parts: {
        name: part({ label: "Name" }),
        price: part({ label: "Price", max: 80 }),
        text: paragraphPart({ label: "What it includes", max: 400 }),
      },
      maxItems: 6,
      default: copy.pricing.bands,
    }),
    priceFactorsHeading: text({ label: "Prices: factors heading", default: "What affects the price" }),
    priceFactors: list({
      label: "Prices: what affects the price",
      itemLabel: "Factor",
      max: 150,
      maxItems: 10,
      default: copy.pricing.factors,
    }),
    benefitsHeading: text({ label: "Benefits: heading", default: "Benefits of a Suspended Ceiling" }),
    benefitsIntro: paragraph({
      label: "Benefits: introduction",
      default: "A suspended ceiling does far more than cover the slab above.",
    }),
    benefits: items({
      label: "Benefits",
      itemLabel: "Benefit",
      parts: { title: part({ label: "Title" }), text: paragraphPart({ label: "Text", max: 400 }) },
      maxItems: 12,
      default: copy.benefits,
    }),
    ctaHeading: text({ label: "Closing band: heading", default: copy.callToAction.heading }),
    ctaText: paragraph({ label: "Closing band: text", default: copy.callToAction.text }),
  },
});
