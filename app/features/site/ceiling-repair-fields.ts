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
import * as copy from "./ceiling-repair-content";
import { contactHref } from "./contact-href";

/** /ceiling-repair: every sentence of the page body, editable in the admin (defaults: the page's own copy). */
export const ceilingRepairFields = definePageFields({
  slug: "ceiling-repair",
  name: "Commercial Ceiling Repairs",
  fields: {
    ...heroFields(copy.hero),
    bookButton: link({
      label: "Hero: booking button",
      default: { label: "Book a Ceiling Repair", href: contactHref("Ceiling Repairs") },
    }),
    problemsHeading: text({ label: "Problems: heading", default: "Ceiling Problems We Fix" }),
    problemsIntro: paragraph({
      label: "Problems: introduction",
      default:
        "From a handful of stained tiles to re-hanging whole sections of grid, in offices, shops, salons and warehouses.",
    }),
    problems: items({
      label: "Problems we fix",
      itemLabel: "Problem",
      parts: { title: part({ label: "Title" }), text: paragraphPart({ label: "Text", max: 500 }) },
      maxItems: 12,
      default: copy.problems,
    }),
    processHeading: text({ label: "Process: heading", default: "Our 4-Step Repair Process" }),
    processIntro: paragraph({
      label: "Process: introduction",
      default: "We fix the cause as well as the ceiling, so the same tiles aren't stained again next winter.",
    }),
    processSteps: items({
      label: "Process steps",
      help: "Four, in this order: each has its drawing (assessment, solution, execution, quality check).",
      itemLabel: "Step",
      parts: { title: part({ label: "Title" }), text: paragraphPart({ label: "Text", max: 500 }) },
      minItems: 4,
      maxItems: 4,
      default: copy.processSteps.map(({ title, text }) => ({ title, text })),
    }),
    retailHeading: text({ label: "Shops and salons: heading", default: copy.retail.heading }),
    retailParagraphs: list({
      label: "Shops and salons: paragraphs",
      itemLabel: "Paragraph",
      max: 800,
      maxItems: 6,
      default: [...copy.retail.paragraphs],
    }),
    retailLink: link({
      label: "Shops and salons: link",
      default: { label: "Planning a full shop ceiling instead? See shop ceiling installation", href: "/shop-ceiling" },
    }),
    retailCaption: paragraph({
      label: "Shops and salons: photo caption",
      max: 300,
      default: "Grid realignment and tile replacement in a Newbridge retail unit, done over two nights.",
    }),
    leakHeading: text({ label: "After a leak: heading", default: "Had a Leak? What to Do First" }),
    leakIntro: paragraph({
      label: "After a leak: introduction",
      default: "A few simple steps keep people safe and stop the damage spreading until we arrive.",
    }),
    leakSteps: list({
      label: "After a leak: steps",
      itemLabel: "Step",
      max: 300,
      maxItems: 10,
      default: [...copy.afterALeak],
    }),
    urgentHeading: text({ label: "Closing band: heading", default: copy.urgent.heading }),
    urgentText: paragraph({ label: "Closing band: text", default: copy.urgent.text }),
    onlineButton: link({
      label: "Closing band: booking button",
      default: { label: "Book a Repair Online", href: contactHref("Ceiling Repairs") },
    }),
  },
});
