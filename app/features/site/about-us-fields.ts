import {
  BUSINESS_PLACEHOLDERS_HELP,
  definePageFields,
  items,
  link,
  markdown,
  paragraph,
  paragraphPart,
  part,
  text,
} from "~/features/pages/fields/field-dsl";
import * as copy from "./about-us-content";

const point = { title: part({ label: "Title" }), text: paragraphPart({ label: "Text", max: 500 }) };

/** /about-us: every sentence of the page body, editable in the admin (defaults: the page's own copy). */
export const aboutUsFields = definePageFields({
  slug: "about-us",
  name: "About Us",
  fields: {
    heroEyebrow: text({
      label: "Hero: small line above the heading",
      help: BUSINESS_PLACEHOLDERS_HELP,
      default: copy.hero.eyebrow,
    }),
    heroHeading: text({
      label: "Hero: heading",
      help: `The page's main heading (h1). ${BUSINESS_PLACEHOLDERS_HELP}`,
      default: copy.hero.heading,
    }),
    heroLead: paragraph({ label: "Hero: introduction", default: copy.hero.lead }),
    consultationButton: link({
      label: "Consultation button",
      help: "In the hero and the closing band.",
      default: { label: "Request Free Consultation", href: "/contact-us" },
    }),
    workButton: link({ label: "Hero: second button", default: { label: "See Our Work", href: "/gallery" } }),
    storyHeading: text({ label: "Story: heading", default: "Our Story" }),
    story: markdown({
      label: "Story",
      help: `Paragraphs separated by a blank line. ${BUSINESS_PLACEHOLDERS_HELP}`,
      max: 6000,
      default: copy.story.join("\n\n"),
    }),
    valuesHeading: text({ label: "Values: heading", default: "Our Values" }),
    valuesIntro: paragraph({
      label: "Values: introduction",
      default: "Three things guide every job we take on, large or small.",
    }),
    values: items({ label: "Values", itemLabel: "Value", parts: point, maxItems: 6, default: copy.values }),
    reasonsHeading: text({ label: "Reasons: heading", help: BUSINESS_PLACEHOLDERS_HELP, default: "Why Choose {name}" }),
    reasonsIntro: paragraph({
      label: "Reasons: introduction",
      default: "Six reasons offices, retailers and salon owners keep coming back to us.",
    }),
    reasons: items({
      label: "Reasons to choose us",
      itemLabel: "Reason",
      parts: point,
      maxItems: 12,
      default: copy.reasons,
    }),
    areaHeading: text({ label: "Area: heading", default: copy.area.heading }),
    areaText: paragraph({ label: "Area: text", default: copy.area.text }),
    areaMapAlt: text({
      label: "Area: map description",
      help: "Read out by screen readers in place of the map.",
      max: 300,
      default: "Map of Dublin and the surrounding counties showing our base at {area} and the 50 km area we cover",
    }),
    ctaHeading: text({ label: "Closing band: heading", default: copy.callToAction.heading }),
    ctaText: paragraph({ label: "Closing band: text", default: copy.callToAction.text }),
  },
});
