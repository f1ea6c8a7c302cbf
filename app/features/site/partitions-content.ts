// Office partitions page copy. Plain data only.
import type { Img, Point } from "./content-types";

export const metaFallback = {
  title: "Office Partitions in Dublin",
  description:
    "Fire-rated, acoustic, glass, demountable and drywall office partitions designed and installed across Dublin and Kildare, with a free site survey.",
};

export const hero: { eyebrow: string; heading: string; lead: string; image: Img } = {
  eyebrow: "Office partitions · Dublin, Kildare and surrounding counties",
  heading: "Office Partitions in Dublin",
  lead: "Glass, acoustic, fire-rated, demountable and drywall partitions that turn an open floor into meeting rooms, private offices and protected corridors. Designed around how your team works, and built with as little disruption as possible.",
  image: {
    src: "/images/services/office-partitions.svg",
    alt: "Glass office partition with an aluminium-framed door beside a solid plasterboard wall",
    width: 600,
    height: 400,
  },
};

export const systemsIntro =
  "Most offices use more than one system: glass to the front of meeting rooms to keep the floor bright, solid acoustic walls between them, and fire-rated construction where the building's fire strategy needs it. We'll recommend the right mix after a free site survey.";

export const systems: ReadonlyArray<{ id: string; title: string; text: string; bestFor: string; spec: string }> = [
  {
    id: "fire-rated",
    title: "Fire-rated partitions",
    text: "Metal-stud partitions lined with fire-rated plasterboard, built with matching fire-rated door sets, intumescent seals and fire-stopping around every cable, pipe and duct that passes through. Each penetration is photographed and recorded for your fire safety file.",
    bestFor: "Escape corridors, stair lobbies, plant and comms rooms, and walls between tenancies.",
    spec: "30, 60 or 90 minutes' fire resistance",
  },
  {
    id: "acoustic",
    title: "Acoustic partitions",
    text: "Insulated cores, extra layers of acoustic plasterboard and sealed heads and bases so conversations stay in the room. Where the wall stops at the ceiling we fit acoustic barriers in the void, so sound doesn't simply travel over the top.",
    bestFor: "Meeting rooms, boardrooms, HR and consulting rooms, and phone booths.",
    spec: "Built up to the performance your rooms need",
  },
  {
    id: "glass",
    title: "Glass partitions",
    text: "Single- and double-glazed systems in slimline aluminium frames, or frameless butt-jointed glass for a cleaner look, with framed or frameless glass doors. Daylight reaches deep into the floor, and manifestation is fitted so the glass is easy to see.",
    bestFor: "Meeting rooms, managers' offices, reception areas and focus rooms.",
    spec: "Single or double glazed, framed or frameless",
  },
  {
    id: "demountable",
    title: "Demountable partitions",
    text: "Modular, factory-finished panels, solid, glazed or a mix of both, that can be taken down and rebuilt in a new layout with very little waste. A practical choice for leased offices and teams that are growing or changing shape.",
    bestFor: "Leased offices, project rooms and businesses that expect to reorganise.",
    spec: "Re-usable panels and doors",
  },
  {
    id: "drywall",
    title: "Drywall (stud) partitions",
    text: "Metal-stud and plasterboard walls, taped and jointed ready for decoration. The quickest and most economical way to divide space, with boards and insulation chosen to meet the fire and sound performance you need.",
    bestFor: "General offices, storerooms, staff rooms and shop back-of-house areas.",
    spec: "Fast, economical and ready to paint",
  },
];

export const benefits: ReadonlyArray<Point> = [
  {
    title: "Flexible layouts",
    text: "Create the rooms you need now, in a layout that can change with you. Demountable systems can be moved and re-used when your team grows.",
  },
  {
    title: "Privacy where it matters",
    text: "Acoustic partitions keep confidential conversations private in meeting, HR and consulting rooms, without closing off the whole floor.",
  },
  {
    title: "More natural light",
    text: "Glass partitions share daylight across the floor, so inner offices and meeting rooms don't feel like boxes.",
  },
  {
    title: "Fire safety compliance",
    text: "Fire-rated walls and doors to 30, 60 or 90 minutes, installed and documented for your building's fire certificate file.",
  },
  {
    title: "Quick, tidy installation",
    text: "Most office layouts are built in days, not weeks, with dust control and noisy work planned around your staff.",
  },
  {
    title: "A finish that suits your brand",
    text: "Frame colours, door styles, glass manifestation and finishes chosen to match your interior, not a catalogue default.",
  },
];

export const included: ReadonlyArray<string> = [
  "A free site survey and a measured layout drawing.",
  "Doors, ironmongery and vision panels to suit each room.",
  "Manifestation on glazed screens and doors.",
  "Acoustic seals and fire-stopping where the specification needs them.",
  "Making good to the ceiling, floor finishes and skirting.",
  "Waste removed and the area cleaned before handover.",
];

export const ceilingsNote =
  "Partitions and ceilings are built together, so we can take a wall up to the slab, cut the ceiling neatly around a new room or add a new suspended ceiling in the same visit. One contractor, one programme.";

export const callToAction = {
  heading: "Planning a new office layout?",
  text: "Send us your floor plan or book a free site survey, and we'll come back with a fixed, itemised partition quote.",
};
