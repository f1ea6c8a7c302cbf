// Shop ceiling installation page copy. Plain data only.
import type { Img, Point } from "./content-types";

export const metaFallback = {
  title: "Shop Ceiling Installation in Dublin",
  description:
    "Shop and salon ceilings installed in 3 to 5 days, fitted around your trading hours with lighting built in. Free survey for Dublin and Kildare retailers.",
};

export const hero: { eyebrow: string; heading: string; lead: string; image: Img } = {
  eyebrow: "Shop ceiling installation · Dublin and Kildare",
  heading: "Shop Ceiling Installation in Dublin",
  lead: "New and replacement ceilings for boutiques, pharmacies, convenience stores, salons and retail units. Most shop ceilings are installed in 3 to 5 days, working evenings, overnight or at weekends so you keep trading.",
  image: {
    src: "/images/services/shop-ceilings.svg",
    alt: "Shop interior with wall shelving, a display table and a suspended ceiling with LED panels",
    width: 600,
    height: 400,
  },
};

export const whyItMatters: { intro: string; points: ReadonlyArray<Point> } = {
  intro:
    "Customers rarely look up, but they notice a tired, stained or badly lit ceiling straight away. The ceiling carries your lighting, hides your services and sets the tone for the whole shop floor.",
  points: [
    {
      title: "Shows your stock at its best",
      text: "LED panels, downlights and track set out around your fixtures give even, colour-true light on the products, not on the aisles.",
    },
    {
      title: "Hides the services, keeps them reachable",
      text: "Ducts, cabling, alarms and sprinkler pipework sit above the grid, and any tile lifts out for your maintenance contractors.",
    },
    {
      title: "Helps shoppers find their way",
      text: "Changes in ceiling height, bulkheads and colour mark out counters, fitting rooms and promotional zones.",
    },
    {
      title: "Keeps the shop comfortable",
      text: "Acoustic tiles up to NRC 0.95 take the edge off a busy floor, and insulated ceilings cut heat loss in high, draughty units.",
    },
  ],
};

export const programme: { intro: string; nights: ReadonlyArray<{ title: string; text: string }>; note: string } = {
  intro: "We plan the work so the shop opens as normal every morning. A typical 100 to 150 m² unit looks like this:",
  nights: [
    {
      title: "Protect and strip",
      text: "Stock, rails and fixtures are sheeted, dust screens go up and the old ceiling is taken down and removed.",
    },
    {
      title: "Set out and hang the grid",
      text: "The new grid is set out to the agreed layout and levelled, with hangers fixed at the correct centres.",
    },
    {
      title: "Lighting and services",
      text: "Openings are formed for light fittings, grilles, sprinkler heads and detectors, working alongside your electrician.",
    },
    {
      title: "Tiles and trims",
      text: "Tiles are cut and laid, perimeter trims fitted and any bulkheads or feature areas finished.",
    },
    {
      title: "Snag and hand over",
      text: "We walk the ceiling with you, sort any snags, clean down and leave spare tiles for future repairs.",
    },
  ],
  note: "Smaller units are often finished in three nights. Every shift ends with the floor cleaned and cleared, ready to trade.",
};

export const salon: { intro: string; points: ReadonlyArray<string>; image: Img; example: string } = {
  intro:
    "Hair salons, barbers and beauty clinics are some of the hardest working ceilings we fit. Steam from the basins, hair products and long opening hours will stain and sag an ordinary office tile within months, and poor lighting makes colour work harder than it needs to be.",
  points: [
    "Moisture-resistant, washable tiles around basins and the colour bar, on a corrosion-resistant grid.",
    "Downlights or LED panels placed over each station for even, colour-true light at the mirror.",
    "Extraction grilles and air conditioning set neatly into the grid, away from where clients sit.",
    "Partitions for treatment rooms, staff areas, stores and a dispensary or colour room.",
    "Work planned around your opening date and your shopfitter, so nothing waits on the ceiling.",
  ],
  image: {
    src: "/images/projects/hair-salon-ranelagh.svg",
    alt: "Hair salon with styling chairs facing large mirrors under a bright white ceiling with downlights",
    width: 800,
    height: 600,
  },
  // The business's general copy: it names no project (a demo job's name would outlive the demo).
  example:
    "A typical new salon: moisture-resistant tiles on a 15mm fine-line grid, downlights over every station and the backwash area, and the partitions and bulkheads, all in about five days and ready for the shopfitter.",
};

export const options: ReadonlyArray<{ label: string; value: string }> = [
  { label: "Installation time", value: "Most shops in 3 to 5 days" },
  { label: "Grid", value: "15mm fine-line or 24mm" },
  { label: "Tile edges", value: "Square, Tegular or Vector" },
  { label: "Colours", value: "Over 30" },
  { label: "Acoustic performance", value: "Up to NRC 0.95" },
  { label: "Fire ratings", value: "30, 60 or 90 minutes" },
  // The shop ceiling's own item, which the estimate and the chat price a shop ceiling from.
  { label: "Shop or salon ceiling", value: "About {price:shop-ceiling}, supplied and fitted" },
];

export const callToAction = {
  heading: "Ready to refresh your shop?",
  text: "Book a free survey, outside trading hours if you prefer, and get a fixed quote with a night-by-night programme.",
};
