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
import * as copy from "./shop-ceiling-content";

/** /shop-ceiling: every sentence of the page body, editable in the admin (defaults: the page's own copy). */
export const shopCeilingFields = definePageFields({
  slug: "shop-ceiling",
  name: "Shop Ceiling Installation",
  fields: {
    ...heroFields(copy.hero),
    quoteButton: link({
      label: "Quote button",
      help: "In the hero and the closing band.",
      default: { label: "Get a Shop Ceiling Quote", href: contactHref("Shop Ceiling Installation") },
    }),
    specialistsButton: link({
      label: "Hero: second button",
      default: { label: "Meet Our Shop Ceiling Specialists", href: "/shop-ceiling-specialists" },
    }),
    whyHeading: text({ label: "Why it matters: heading", default: "Why Your Shop Ceiling Matters" }),
    whyIntro: paragraph({ label: "Why it matters: introduction", default: copy.whyItMatters.intro }),
    whyPoints: items({
      label: "Why it matters: points",
      itemLabel: "Point",
      parts: { title: part({ label: "Title" }), text: paragraphPart({ label: "Text", max: 400 }) },
      maxItems: 8,
      default: copy.whyItMatters.points,
    }),
    programmeHeading: text({ label: "Programme: heading", default: "Installed Around Your Trading Hours" }),
    programmeIntro: paragraph({ label: "Programme: introduction", default: copy.programme.intro }),
    programmeNote: paragraph({ label: "Programme: note", default: copy.programme.note }),
    nightLabel: text({
      label: "Programme: word before each night's number",
      help: "“Night” shows as Night 1, Night 2, …",
      max: 12,
      default: "Night",
    }),
    nights: items({
      label: "Programme: nights",
      itemLabel: "Night",
      parts: { title: part({ label: "Title" }), text: paragraphPart({ label: "What happens", max: 400 }) },
      maxItems: 10,
      default: copy.programme.nights,
    }),
    salonEyebrow: text({ label: "Salons: small line above the heading", default: "Hair salon fit-outs" }),
    salonHeading: text({ label: "Salons: heading", default: "Ceilings for Hair Salons and Beauty Businesses" }),
    salonIntro: paragraph({ label: "Salons: introduction", default: copy.salon.intro }),
    salonPoints: list({
      label: "Salons: points",
      itemLabel: "Point",
      max: 200,
      maxItems: 10,
      default: [...copy.salon.points],
    }),
    salonExample: paragraph({ label: "Salons: photo caption", max: 600, default: copy.salon.example }),
    optionsHeading: text({ label: "At a glance: heading", default: "Retail Ceilings at a Glance" }),
    optionsIntro: paragraph({
      label: "At a glance: introduction",
      default: "The facts most shop owners ask for first. Your quote confirms the exact system, price and programme.",
    }),
    options: items({
      label: "At a glance: facts",
      itemLabel: "Fact",
      parts: { label: part({ label: "What", max: 60 }), value: part({ label: "Value", max: 80 }) },
      maxItems: 12,
      default: copy.options,
    }),
    moreHeading: text({ label: "Find out more: heading", default: "Planning a Shop Fit-Out?" }),
    moreIntro: paragraph({
      label: "Find out more: introduction",
      default: "Find out more about how we work, or get straight in touch.",
    }),
    moreCards: items({
      label: "Find out more: cards",
      help: "Three, in this order: they link to the specialists page, the shop ceiling trends article and the contact form.",
      itemLabel: "Card",
      parts: {
        title: part({ label: "Title" }),
        text: paragraphPart({ label: "Text", max: 400 }),
        action: part({ label: "Link words", max: 60 }),
      },
      minItems: 3,
      maxItems: 3,
      default: [
        {
          title: "Our shop ceiling specialists",
          text: "Our four-step process, recent retail and salon projects, what shop owners say about us and answers to common questions.",
          action: "Meet the specialists",
        },
        {
          title: "Shop ceiling trends for Irish retailers",
          text: "Open or suspended, acoustic comfort, LED lighting, edge details and colour: what retailers are choosing and why.",
          action: "Read the article",
        },
        {
          title: "Get a free quote",
          text: "Tell us about your unit and your opening hours, and we'll arrange a free survey and a fixed, itemised quote.",
          action: "Contact us",
        },
      ],
    }),
    ctaHeading: text({ label: "Closing band: heading", default: copy.callToAction.heading }),
    ctaText: paragraph({ label: "Closing band: text", default: copy.callToAction.text }),
  },
});
