// Shop ceiling specialists page copy. Projects, testimonials and FAQs come from the database.
import type { Point } from "./content-types";

export const metaFallback = {
  title: "Shop Ceiling Specialists in Dublin",
  description:
    "Retail and salon ceiling specialists: out-of-hours installs, dust control and integrated lighting, with most shops finished in 3 to 5 days.",
};

export const hero = {
  eyebrow: "Retail, pharmacy and salon ceilings",
  heading: "Shop Ceiling Specialists in Dublin",
  lead: "Shop, pharmacy and hair-salon ceilings are a large part of our work every week. We install out of hours, protect your stock and fixtures, and build your lighting into the grid, with most shops finished in 3 to 5 days.",
};

export const quoteRequest = {
  heading: "Request a Free Shop Ceiling Quote",
  text: "Tell us about your unit and when you trade. We'll arrange a free survey, usually within a few working days.",
  points: [
    "Free site survey, outside trading hours if you prefer",
    "Fixed, itemised quote with a night-by-night programme",
    "Most shops installed in 3 to 5 days",
  ],
};

export const benefits: ReadonlyArray<Point> = [
  {
    title: "Finished in 3 to 5 days",
    text: "A clear programme agreed up front, so you can plan stock, staff and any shopfitting around it.",
  },
  {
    title: "No lost trading",
    text: "We work evenings, overnight and at weekends, and leave the floor clean and ready to open every morning.",
  },
  {
    title: "Stock and fixtures protected",
    text: "Sheeting over rails and shelving, dust screens around counters and dispensaries, and a full clean after every shift.",
  },
  {
    title: "Lighting and services built in",
    text: "We set out the grid around your LED panels, track, grilles, sprinklers, detectors and cameras, and work with your electrician.",
  },
  {
    title: "Fire safety covered",
    text: "Ceiling systems rated to 30, 60 or 90 minutes, with the product data and installation records for your fire safety file.",
  },
  {
    title: "One fixed price",
    text: "Shop and salon ceilings from about {price:shop-ceiling}, confirmed in a written quote.",
  },
];

export const processSteps: ReadonlyArray<{ id: string; title: string; text: string }> = [
  {
    id: "consultation",
    title: "Consultation",
    text: "We visit the shop, outside trading hours if you prefer, to measure up, check the existing ceiling and the void above it, and talk through your layout, lighting and opening dates.",
  },
  {
    id: "design-and-quote",
    title: "Design and quote",
    text: "You receive a ceiling layout showing the grid, light fittings, grilles and any bulkheads, with a fixed, itemised quote and a night-by-night programme.",
  },
  {
    id: "installation",
    title: "Installation",
    text: "Our Safe Pass trained crew protects your stock, works to the programme and leaves the floor clean and ready to trade at the end of every shift.",
  },
  {
    id: "completion-and-support",
    title: "Completion and support",
    text: "We walk the finished ceiling with you, hand over product data for your records, and come back for spare tiles, changes or repairs whenever you need us.",
  },
];

export const salon = {
  heading: "Hair Salons and Beauty Businesses",
  text: "Salons need more from a ceiling than most shops. We use moisture-resistant, washable tiles around the basins, set out lighting for colour work at every station, and build treatment rooms and staff areas with the same crew, so the ceiling is never what holds up your opening date.",
};

export const closing = {
  heading: "Let's Talk About Your Shop",
  text: "Whether it's a single unit, a salon or a rollout across several stores, we'll survey, quote and programme the work around your trading.",
};
