import {
  BUSINESS_PLACEHOLDERS_HELP,
  definePageFields,
  heroFields,
  link,
  list,
  paragraph,
  text,
} from "~/features/pages/fields/field-dsl";
import * as copy from "./estimate-page-content";
import { metaFallback } from "./estimate-content";

/**
 * /estimate: the page's own words around the estimator, editable in the admin (defaults: the
 * page's own copy). The form's labels and the result's wording stay with the form; the rates
 * table comes from the price table.
 */
export const estimatePageFields = definePageFields({
  slug: "estimate",
  name: "Instant estimate",
  fields: {
    ...heroFields({ eyebrow: copy.hero.eyebrow, heading: copy.hero.title, lead: copy.hero.lead }),
    assumptionsHeading: text({ label: "Assumptions: heading", default: copy.assumptionsHeading }),
    assumptions: list({
      label: "Assumptions",
      itemLabel: "Assumption",
      help: "The minimum job charge from the price table is added as the last point.",
      default: [...copy.assumptions],
    }),
    surveyHeading: text({ label: "Site survey box: heading", default: copy.survey.heading }),
    surveyText: paragraph({
      label: "Site survey box: text",
      help: `Followed by "Prefer to talk it through? Call us on" and the phone number. ${BUSINESS_PLACEHOLDERS_HELP}`,
      default: copy.survey.text,
    }),
    ratesHeading: text({ label: "Rates: heading", default: copy.ratesHeading }),
    ratesIntro: paragraph({
      label: "Rates: introduction",
      help: "Above the table of rates, which comes from the price table.",
      default: copy.ratesIntro,
    }),
    closingButton: link({
      label: "Closing: button",
      default: { label: copy.closing.button, href: "/contact-us" },
    }),
    closingText: paragraph({ label: "Closing: text beside the button", default: copy.closing.text }),
  },
});

/** The estimate page's row in Pages (seedEstimatePage): its words are the fields' defaults. */
export const estimatePageSeed = (businessName: string) => ({
  slug: "estimate",
  title: "Instant estimate",
  description: metaFallback.description,
  content:
    "The instant price estimator. Its headings, introduction, assumptions and closing words are edited under Page text; the prices come from the price table.",
  metaTitle: `${metaFallback.title} | ${businessName}`,
  metaDescription: metaFallback.description,
});
