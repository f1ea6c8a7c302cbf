import { BUSINESS_PLACEHOLDERS_HELP, definePageFields, paragraph, text } from "~/features/pages/fields/field-dsl";

/**
 * /contact-us (and /contact): the page's own words around the form. The form's labels and
 * messages are the contact form's (contact-form.tsx), the same wherever it shows.
 */
export const contactPageFields = definePageFields({
  slug: "contact-us",
  name: "Contact Us",
  fields: {
    heading: text({ label: "Heading", help: "The page's main heading (h1).", default: "Get In Touch" }),
    intro: paragraph({
      label: "Introduction",
      default:
        "Tell us about your office, shop or salon and we will arrange a free consultation and site survey, then send you a fixed, itemised quote. Most enquiries get a reply within one working day.",
    }),
    formHeading: text({ label: "Form: heading", default: "Send us a message" }),
    formIntro: paragraph({
      label: "Form: introduction",
      default: "Tell us what you need and roughly when. Fields marked optional can be left blank.",
    }),
    infoHeading: text({ label: "Contact details: heading", default: "Contact Information" }),
    locationLabel: text({ label: "Contact details: location label", max: 40, default: "Location" }),
    phoneLabel: text({ label: "Contact details: phone label", max: 40, default: "Phone" }),
    emailLabel: text({ label: "Contact details: e-mail label", max: 40, default: "Email" }),
    hoursLabel: text({ label: "Contact details: opening hours label", max: 40, default: "Opening Hours" }),
    mapAlt: text({
      label: "Map description",
      help: `Read out by screen readers in place of the map. ${BUSINESS_PLACEHOLDERS_HELP}`,
      max: 300,
      default: "Map of Dublin and the surrounding counties showing {name} at {area} and the 50 km area we cover",
    }),
  },
});
