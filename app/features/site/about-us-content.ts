// About Us page copy. Plain data only; {name}, {area}, … are the business's facts (see business-text.ts).
import type { Img, Point } from "./content-types";

export const metaFallback = {
  title: "About Our Dublin Ceiling and Partition Contractors",
  description:
    "{name} is a ceilings and partitions contractor based at {area}, built on quality, customer service and efficiency, working across Dublin and Kildare.",
};

export const hero: { eyebrow: string; heading: string; lead: string; image: Img } = {
  eyebrow: "About {name}",
  heading: "About {name}",
  lead: "A specialist ceilings and partitions contractor based at {area}. We install and repair ceilings and partitions for offices, shops, salons, shopfitters and developers across Dublin, Kildare and the surrounding counties.",
  image: {
    src: "/images/about/team-ballymount.svg",
    alt: "Company van parked outside the {name} unit, with an access tower and packs of ceiling tiles being loaded",
    width: 800,
    height: 600,
  },
};

export const story: ReadonlyArray<string> = [
  "{name} was set up by ceiling fixers and partition installers who had spent years on commercial sites around Dublin, working for main contractors and shopfitters. We saw the same problems again and again: crews that didn't turn up when promised, quotes that grew once the job started, and sites left for someone else to clean.",
  "So we built a company around doing the opposite. We survey every job ourselves, give a fixed, itemised quote, turn up when we said we would and leave the site cleaner than we found it. Because ceilings and partitions are all we do, our crews know the systems inside out, from a 24mm office grid to a 90-minute fire-rated corridor.",
  "Today we work from our base at {area}, for offices, retailers, pharmacies, salons, clinics, schools and warehouses across Dublin, Kildare and the surrounding counties. Much of our work comes from repeat clients and from shop owners and facilities managers who recommend us to each other.",
];

export const values: ReadonlyArray<Point> = [
  {
    title: "Quality",
    text: "We fit proven, tested systems exactly to the manufacturer's details, set every grid out level and square, and check our own work before you do. Fire-rated and acoustic work is recorded so you have the evidence for your files.",
  },
  {
    title: "Customer Service",
    text: "One point of contact from survey to handover, quotes in plain language, and a call back when we say we'll call. If something isn't right, we come back and fix it.",
  },
  {
    title: "Efficiency",
    text: "Careful planning means short programmes and no wasted visits. We work evenings, nights and weekends where needed, so your office keeps working and your shop keeps trading.",
  },
];

export const reasons: ReadonlyArray<Point> = [
  {
    title: "Specialists, not generalists",
    text: "Ceilings and partitions are all we do, so our crews know every system, detail and trick of the trade.",
  },
  {
    title: "Free survey, fixed quote",
    text: "We measure up at no cost and give you a written, itemised price. The final bill matches what you agreed.",
  },
  {
    title: "Work around your business",
    text: "Evening, overnight and weekend installs, with most shop ceilings finished in 3 to 5 days.",
  },
  {
    title: "Safety built in",
    text: "Safe Pass trained crews, RAMS for every job, full insurance and an asbestos check before any old ceiling is touched.",
  },
  {
    title: "Clean, tidy sites",
    text: "Dust screens, floor protection and a clean-down at the end of every shift. All waste removed and recycled where possible.",
  },
  {
    title: "Guaranteed workmanship",
    text: "We snag the job with you before we leave, and our workmanship is guaranteed, so you're never left chasing a fix.",
  },
];

export const area = {
  heading: "Where We Work",
  text: "We cover Dublin, Kildare and the surrounding counties, within about 50 km of our base at {area}. That includes Dublin city and county, Naas, Newbridge, Kildare town, Maynooth, Celbridge and Leixlip, north to Swords and Ashbourne, and south to Bray and Greystones. For larger projects further afield, call us and we'll tell you straight away if we can help.",
};

export const callToAction = {
  heading: "Let's talk about your project",
  text: "Book a free site survey and meet the team who will do the work. No obligation, and a fixed quote within days.",
};
