// Commercial ceiling repairs page copy. Plain data only.
import type { Img, Point } from "./content-types";

export const metaFallback = {
  title: "Commercial Ceiling Repairs in Dublin",
  description:
    "Water-damaged, sagging or broken suspended ceilings repaired fast, often the same or next working day, with tiles matched to your existing ceiling.",
};

export const hero: { eyebrow: string; heading: string; lead: string; image: Img } = {
  eyebrow: "Commercial ceiling repairs · Dublin and Kildare",
  heading: "Commercial Ceiling Repairs in Dublin",
  lead: "Water-stained, sagging or broken suspended ceilings put right quickly and neatly, with new tiles matched to the old. Urgent repairs are often attended the same or next working day, in offices, shops and salons.",
  image: {
    src: "/images/services/ceiling-repairs.svg",
    alt: "Installer on an access tower replacing a water-stained tile in a suspended ceiling",
    width: 600,
    height: 400,
  },
};

export const problems: ReadonlyArray<Point> = [
  {
    title: "Water damage",
    text: "Stained, soft or fallen tiles after a roof leak, burst pipe or air-conditioning condensate. We check the void for wet insulation and damaged services, then replace what's needed once the leak is fixed.",
  },
  {
    title: "Sagging or dropped grid",
    text: "Grid that has twisted or dropped because signage, cables or fittings were hung from it, or hangers were cut during other works. We re-level it and add hangers at the correct centres.",
  },
  {
    title: "Broken and stained tiles",
    text: "Cracked, chipped, dirty or discoloured tiles replaced one at a time or zone by zone, so the ceiling looks even again.",
  },
  {
    title: "Tile matching",
    text: "We identify your tile by size, edge and pattern and source the same or a close match. If it has been discontinued, we re-tile a room or zone so the finish stays consistent.",
  },
  {
    title: "Access hatches and service openings",
    text: "New access hatches, trimmers around new grilles, lights and sprinkler heads, and making good after other trades have worked in the void.",
  },
  {
    title: "Fire-rated ceiling repairs",
    text: "Repairs using the same tested tile and grid system, with penetrations fire-stopped and recorded, so the ceiling keeps its 30, 60 or 90-minute rating.",
  },
];

export const processSteps: ReadonlyArray<{ id: string; title: string; text: string; image: Img }> = [
  {
    id: "assessment-and-diagnosis",
    title: "Assessment and diagnosis",
    text: "We inspect the damaged area and the void above it to find the cause, whether a leak, overloading, missing hangers or earlier works, and check whether it affects fire protection or safety.",
    image: { src: "/images/repair/assessment.svg", alt: "", width: 400, height: 300 },
  },
  {
    id: "tailored-solution",
    title: "Tailored solution",
    text: "You get a clear recommendation and a fixed price: replace individual tiles, re-level a section of grid, or re-tile a zone where an exact match can't be found.",
    image: { src: "/images/repair/tailored-solution.svg", alt: "", width: 400, height: 300 },
  },
  {
    id: "professional-execution",
    title: "Professional execution",
    text: "Our Safe Pass trained crew carries out the repair when it suits you, including early mornings, evenings and weekends, with dust sheets and screens protecting the area below.",
    image: { src: "/images/repair/professional-execution.svg", alt: "", width: 400, height: 300 },
  },
  {
    id: "quality-assurance",
    title: "Quality assurance",
    text: "We check the ceiling is level and secure, confirm any fire-rated details, clean up and walk the area with you. Spare tiles can be left for future repairs.",
    image: { src: "/images/repair/quality-assurance.svg", alt: "", width: 400, height: 300 },
  },
];

export const retail = {
  heading: "Repairs in Shops and Salons",
  paragraphs: [
    "A damaged ceiling over a shop floor is more than an eyesore: it puts customers off and can close part of the shop. We carry out retail repairs before opening, after closing or overnight, and protect stock and fixtures while we work.",
    "In a Newbridge retail unit, shelving and signage hung from the grid had pulled 300 m² of ceiling out of level. We re-levelled the grid, added hangers and replaced 60 cracked tiles over two nights, and the shop traded as normal throughout.",
    "In salons, steam and hair products can leave tiles stained and sagging around the basins. We replace them with moisture-resistant, washable tiles so the problem doesn't come back.",
  ],
};

export const afterALeak: ReadonlyArray<string> = [
  "Keep people out from under wet or bulging tiles: a saturated tile is heavy and can fall without warning.",
  "If water is near light fittings, switch off that circuit at the board and keep the area clear.",
  "Don't push wet tiles up into the void, as it spreads the water and can bring the grid down.",
  "Photograph the damage and the source of the leak for your insurer or landlord.",
  "Once the leak is stopped, call us to make the ceiling safe and plan the repair.",
];

export const urgent = {
  heading: "Urgent Ceiling Repair?",
  text: "If a leak has brought down tiles or left a ceiling unsafe, call us now. We can often attend the same or next working day to make it safe and plan the repair.",
};
