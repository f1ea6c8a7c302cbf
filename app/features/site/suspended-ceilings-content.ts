// Suspended ceilings page copy. Plain data only.
import type { Img, Point } from "./content-types";

export const metaFallback = {
  title: "Suspended Ceilings in Dublin",
  description:
    "Suspended ceilings supplied and fitted across Dublin and Kildare: 15mm and 24mm grids, acoustic, fire-rated and insulated systems, priced from a free site survey.",
};

export const hero: { eyebrow: string; heading: string; lead: string; image: Img } = {
  eyebrow: "Suspended ceilings · Supplied and installed across Dublin",
  heading: "Suspended Ceilings in Dublin",
  lead: "Ceilings for offices, shops, clinics, schools and warehouses: 15mm and 24mm grids with Square, Tegular or Vector edge tiles in over 30 colours, plus acoustic, fire-rated and insulated options. Basic ceilings from about {price:basic-suspended-ceiling}, supplied and fitted.",
  image: {
    src: "/images/services/suspended-ceilings.svg",
    alt: "Suspended ceiling grid in perspective with white tiles, square LED panels and an open section ready for tiles",
    width: 600,
    height: 400,
  },
};

export const systems: ReadonlyArray<{ id: string; title: string; text: string }> = [
  {
    id: "standard-grid",
    title: "Standard grid ceilings",
    text: "600 x 600 mm or 1200 x 600 mm mineral fibre tiles on an exposed 24mm grid. Hard-wearing, economical and easy to maintain: the right choice for most offices, stores and back-of-house areas.",
  },
  {
    id: "fine-line",
    title: "Fine-line 15mm grid ceilings",
    text: "A narrower grid face for a cleaner, more modern look, usually paired with Tegular or Vector edge tiles. Popular in receptions, boardrooms and shop floors.",
  },
  {
    id: "acoustic",
    title: "Acoustic ceilings",
    text: "High-absorption tiles with an NRC of up to 0.95 that cut echo and background noise in open-plan offices, training rooms, classrooms and canteens.",
  },
  {
    id: "fire-rated",
    title: "Fire-rated ceilings",
    text: "Tested combinations of tiles, grid and fixings that give 30, 60 or 90 minutes' fire protection, installed exactly to the manufacturer's details and recorded for your fire safety file.",
  },
  {
    id: "insulated",
    title: "Insulated ceilings",
    text: "Insulation laid over the tiles to reach U-values as low as 0.18, cutting heat loss in older buildings, top-floor offices and retail units with high, uninsulated roofs.",
  },
  {
    id: "moisture-resistant",
    title: "Moisture-resistant and hygiene ceilings",
    text: "Washable, humidity-resistant tiles on a corrosion-resistant grid for kitchens, canteens, washrooms, salons and clinical rooms.",
  },
  {
    id: "feature",
    title: "Metal tiles, rafts and bulkheads",
    text: "Metal tiles, floating acoustic rafts and plasterboard bulkheads for receptions, showrooms and shops that want something beyond a standard grid.",
  },
];

export const edges: ReadonlyArray<{ name: string; text: string }> = [
  {
    name: "Square edge",
    text: "The tile sits flat on the grid, flush with its face. The most economical option and the easiest to maintain.",
  },
  {
    name: "Tegular edge",
    text: "The tile's edge is stepped so its face drops just below the grid, giving a soft shadow line and a more finished look.",
  },
  {
    name: "Vector edge",
    text: "The grid is almost hidden for a near-seamless ceiling, yet every tile can still be lifted for access to the void.",
  },
];

export const gridsAndColours =
  "Every edge type is available on 15mm or 24mm grid, in white or any of over 30 colours, so the ceiling can match your interior or your brand.";

// Captions in the business's general words: they name no project, so none outlives the demo content.
export const gallery: ReadonlyArray<{ image: Img; caption: string }> = [
  {
    image: {
      src: "/images/projects/open-plan-ceiling-blanchardstown.svg",
      alt: "Large open-plan office with rows of desks under a white suspended grid ceiling fitted with square LED panels",
      width: 800,
      height: 600,
    },
    caption: "24mm grid and LED panels over an open-plan office.",
  },
  {
    image: {
      src: "/images/projects/acoustic-ceiling-dun-laoghaire.svg",
      alt: "Training room with tables and chairs under an acoustic suspended ceiling with linear light fittings",
      width: 800,
      height: 600,
    },
    caption: "NRC 0.95 acoustic tiles in the rooms of a training centre.",
  },
  {
    image: {
      src: "/images/projects/canteen-ceiling-ballymount.svg",
      alt: "Staff canteen with tables and a serving counter under a suspended ceiling with square light panels",
      width: 800,
      height: 600,
    },
    caption: "Washable, moisture-resistant tiles in a warehouse canteen.",
  },
  {
    image: {
      src: "/images/projects/pharmacy-ceiling-swords.svg",
      alt: "Pharmacy interior with shelving and a dispensary counter under a clean suspended ceiling with LED panels",
      width: 800,
      height: 600,
    },
    caption: "Vector-edge tiles and LED panels over a pharmacy, fitted over four nights.",
  },
];

export const pricing = {
  intro:
    "Every ceiling is priced from a free site survey, and you get a fixed, itemised quote before any work starts. As a guide:",
  bands: [
    {
      name: "Basic suspended ceiling",
      price: "About {price:basic-suspended-ceiling}",
      text: "Standard 24mm grid with Square or Tegular mineral fibre tiles, supplied and fitted.",
    },
    {
      name: "Custom suspended ceiling",
      price: "{price:custom-acoustic-ceiling}",
      text: "Fine-line grid, Vector edges, high-performance acoustic or fire-rated tiles, metal tiles, rafts or bulkheads.",
    },
  ],
  factors: [
    "Floor area and ceiling height",
    "Stripping and disposing of an old ceiling",
    "Number of light fittings, grilles and sprinkler heads",
    "Access, and evening or weekend working",
  ],
};

export const benefits: ReadonlyArray<Point> = [
  {
    title: "Services hidden, but easy to reach",
    text: "Cables, ducts and pipework disappear above the grid, and any tile lifts out for maintenance.",
  },
  {
    title: "Quieter rooms",
    text: "Acoustic tiles rated up to NRC 0.95 soak up most of the sound that reaches them, so open-plan spaces are calmer.",
  },
  {
    title: "Lower heating bills",
    text: "A lower ceiling means less air to heat, and insulated ceilings reach U-values as low as 0.18.",
  },
  {
    title: "Better light",
    text: "LED panels drop straight into the grid, replacing tired fluorescent fittings with even, efficient light.",
  },
  {
    title: "Fire protection",
    text: "Fire-rated systems give 30, 60 or 90 minutes' protection to escape routes and the structure above.",
  },
  {
    title: "Fast to fit, easy to look after",
    text: "Most ceilings go in within days, and a damaged tile can be swapped in minutes, not redecorated.",
  },
];

export const callToAction = {
  heading: "Need a new ceiling?",
  text: "Book a free site survey and we'll send a fixed, itemised quote with a programme that suits your business.",
};
