// Home page copy. Plain data only: no JSX; {phone} is filled from the business config (business-text.ts).

import { heroImage, processImages, serviceCards, type Img } from "./home-media";

export const hero: {
  eyebrow: string;
  heading: string;
  lead: string;
  image: Img;
} = {
  eyebrow: "Commercial ceilings & partitions contractor, {area}",
  heading: "Suspended Ceilings and Office Partitions in Dublin",
  lead: "We install suspended ceilings, office partitions and shop ceilings for businesses across Dublin, Kildare, Meath and Wicklow. Most shop ceilings are finished in 3 to 5 days, fitted around your trading hours.",
  image: heroImage,
};

export const services: ReadonlyArray<{
  id: string;
  title: string;
  description: string;
  image: Img;
  link: string;
}> = [
  {
    id: "office-partitions",
    title: "Office Partitions",
    description:
      "Glass, acoustic, fire-rated, demountable and drywall partitions that create meeting rooms, private offices and protected corridors. Fire ratings of 30, 60 and 90 minutes, with doors, seals and manifestation included.",
    image: serviceCards[0]!.image,
    link: serviceCards[0]!.link,
  },
  {
    id: "suspended-ceilings",
    title: "Suspended Ceilings",
    description:
      "15mm and 24mm grid systems with Square, Tegular or Vector edge tiles in over 30 colours, from about {price:basic-suspended-ceiling}. Acoustic tiles up to NRC 0.95 and insulated ceilings with U-values as low as 0.18.",
    image: serviceCards[1]!.image,
    link: serviceCards[1]!.link,
  },
  {
    id: "shop-ceiling-installation",
    title: "Shop Ceiling Installation",
    description:
      "Retail and salon ceilings installed in 3 to 5 days, working evenings, overnight or at weekends so you keep trading. Lighting, HVAC and sprinklers are set out neatly in the grid.",
    image: serviceCards[2]!.image,
    link: serviceCards[2]!.link,
  },
  {
    id: "commercial-ceiling-repairs",
    title: "Commercial Ceiling Repairs",
    description:
      "Water-stained, sagging and broken tiles replaced and damaged grid re-levelled, with tiles matched to your existing ceiling. Urgent repairs are often attended the same or next working day.",
    image: serviceCards[3]!.image,
    link: serviceCards[3]!.link,
  },
];

export const processSteps: ReadonlyArray<{
  id: string;
  number: number;
  title: string;
  description: string;
  image: Img;
}> = [
  {
    id: "get-in-touch",
    number: 1,
    title: "Get in touch",
    description:
      "Call {phone}, send the contact form or use the chat. Tell us what you need and roughly when, and we'll get back to you within one working day.",
    image: processImages[0]!,
  },
  {
    id: "arrange-a-booking",
    number: 2,
    title: "Arrange a booking",
    description:
      "We visit for a free site survey, then send a fixed, itemised quote and a programme. Once you accept, we book dates that suit your business, including evenings and weekends.",
    image: processImages[1]!,
  },
  {
    id: "arrive-on-time",
    number: 3,
    title: "Arrive on time",
    description:
      "Our Safe Pass trained crew arrives when agreed, with RAMS, materials and dust protection ready. We work to the programme and keep you updated every day.",
    image: processImages[2]!,
  },
  {
    id: "100-percent-guarantee",
    number: 4,
    title: "100% guarantee",
    description:
      "We walk the finished job with you, fix any snags straight away and clear every scrap of waste. All our workmanship is guaranteed.",
    image: processImages[3]!,
  },
];

export const whyChooseUs: {
  heading: string;
  intro: string;
  points: ReadonlyArray<{ title: string; text: string }>;
} = {
  heading: "Why Choose Us?",
  intro:
    "We are a specialist ceilings and partitions contractor, so this is all we do. Businesses across Dublin use us because we turn up when promised, keep the site clean and finish on time.",
  points: [
    {
      title: "Work around your business",
      text: "Evening, overnight and weekend installs mean shops keep trading and offices keep working.",
    },
    {
      title: "Clear, fixed quotes",
      text: "A free site survey and an itemised written quote, so the final bill matches what you agreed.",
    },
    {
      title: "Systems that meet the spec",
      text: "Fire ratings of 30, 60 and 90 minutes, acoustic tiles up to NRC 0.95 and insulated ceilings with U-values as low as 0.18.",
    },
    {
      title: "One team from survey to handover",
      text: "The same crew surveys, installs and snags your job, and coordinates with your electrician and other trades.",
    },
  ],
};

export const healthAndSafety: { intro: string; points: ReadonlyArray<string> } = {
  intro:
    "Safety is planned into every job before we arrive on site. Here is what you can expect from us on every project, large or small.",
  points: [
    "Method statements and RAMS issued for every job before work starts.",
    "Safe Pass trained crews, fully insured for commercial work.",
    "Correct PPE worn on site, with access towers and podium steps instead of ladders where possible.",
    "Dust screens, floor protection and cleaning at the end of every shift.",
    "Asbestos survey confirmed before any old ceiling is disturbed.",
    "All waste removed and recycled where possible, leaving the site clean.",
  ],
};

export const callToAction: { heading: string; text: string } = {
  heading: "Ready to start your project?",
  text: "Book a free site survey and get a fixed, itemised quote for your ceilings or partitions, with no obligation.",
};

export const galleryTeaser: ReadonlyArray<{
  id: number;
  src: string;
  alt: string;
  width: number;
  height: number;
}> = [
  {
    id: 1,
    src: "/images/projects/glazed-meeting-rooms-sandyford.svg",
    alt: "Glass-walled meeting rooms in a Sandyford office",
    width: 800,
    height: 600,
  },
  {
    id: 2,
    src: "/images/projects/boutique-ceiling-grafton-street.svg",
    alt: "Tegular tile ceiling with LED panels in a boutique off Grafton Street",
    width: 800,
    height: 600,
  },
  {
    id: 3,
    src: "/images/projects/open-plan-ceiling-blanchardstown.svg",
    alt: "Suspended grid ceiling over an open-plan office in Blanchardstown",
    width: 800,
    height: 600,
  },
  {
    id: 4,
    src: "/images/projects/water-damage-repair-dublin-2.svg",
    alt: "Water-stained ceiling tile being replaced from an access tower",
    width: 800,
    height: 600,
  },
  {
    id: 5,
    src: "/images/projects/hair-salon-ranelagh.svg",
    alt: "Hair salon in Ranelagh with styling stations and a moisture-resistant ceiling",
    width: 800,
    height: 600,
  },
  {
    id: 6,
    src: "/images/projects/fire-rated-partitions-citywest.svg",
    alt: "Fire-rated corridor partitions and fire doors in a Citywest office",
    width: 800,
    height: 600,
  },
  {
    id: 7,
    src: "/images/projects/pharmacy-ceiling-swords.svg",
    alt: "Pharmacy in Swords with a new suspended ceiling and LED panels",
    width: 800,
    height: 600,
  },
  {
    id: 8,
    src: "/images/projects/acoustic-ceiling-dun-laoghaire.svg",
    alt: "Acoustic suspended ceiling over a training room in Dún Laoghaire",
    width: 800,
    height: 600,
  },
];
