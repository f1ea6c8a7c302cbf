// The /estimate form's and result's words, and the page's meta fallback ({radius} is the service radius in km). The
// page's own headings and paragraphs are editable fields: estimate-page-fields.ts.
import type { PriceItem } from "./price-list";

export const metaFallback = {
  title: "Ceiling and Partition Cost Estimator",
  description:
    "See what a suspended ceiling, office partition, shop ceiling or ceiling repair costs in Dublin, Kildare and Wicklow in seconds. Prices before VAT, confirmed by a free site survey.",
};

export const formCopy = {
  heading: "Your job",
  itemLabel: "What do you need?",
  sizeHint:
    "Square metres of ceiling or wall for ceilings and partitions; the number of tiles or damaged areas for repairs.",
  measureSummary: "Don't know the area? Enter the length and width",
  optionsLegend: "Anything else we should allow for?",
  locationLabel: "Where is the job?",
  locationHint: "Your Eircode, its first three characters (such as W91) or the town.",
  submit: "Get my estimate",
};

export const resultCopy = {
  heading: "Your ballpark price",
  placeholder: "Enter the size of the job and your price range appears here.",
  vat: "+ VAT at 13.5%",
  guide: "A guide, not a quote: a free site survey confirms the price.",
  assumptionsLink: "What we've assumed",
  cta: "Send me this estimate and book a free survey",
  ctaNote: "Your figures go with the booking, so the surveyor arrives with them in hand.",
  book: "Or pick a survey time yourself",
  linesHeading: "How we worked it out",
  inside: "inside our service area",
  outside:
    "We mainly work within {radius} km of Dublin. Larger commercial jobs further out are taken on by request, so do send us the details and we'll tell you honestly whether we can help.",
  minimum: "Small jobs carry our minimum charge, which covers the crew, the van and the materials run.",
};

export const includesHeading = "What the price includes";

/** What the range covers, per service (the item's service picks the list). */
export const includes: Record<PriceItem["service"], ReadonlyArray<string>> = {
  "Suspended Ceilings": [
    "Supply and installation of the grid (15mm or 24mm), ceiling tiles and perimeter trim",
    "Setting out, levelling, and hangers fixed to the slab or steelwork above",
    "Cutting tiles neatly around columns, vents, sprinkler heads and existing services",
    "Floor protection, a clean-down every day and removal of our packaging",
  ],
  "Shop Ceiling Installation": [
    "Supply and installation of the grid, tiles and trim in the finish you choose",
    "Openings set out for your lighting, sprinklers, speakers and vents",
    "Work programmed around your trading hours, with the floor cleaned down so you can open",
    "Removal of our packaging and waste",
  ],
  Partitions: [
    "Supply and installation of the framing, boards or glazing, fixed to floor, ceiling and walls",
    "Taping and jointing of drywall ready for paint, with acoustic insulation in the cavity where specified",
    "Fire-stopping at the head and edges of fire-rated walls, with the certification details for your file",
    "Floor protection and a tidy site at the end of every day",
  ],
  "Ceiling Repairs": [
    "Replacement tiles matched to your existing grid as closely as current ranges allow",
    "Making good damaged grid and re-levelling sagging sections around the repair",
    "Dust sheets, careful removal of the damaged material and a clean-up after",
  ],
};
