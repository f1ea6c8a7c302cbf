// The home page's pictures and service links: all its client code needs of home-content.ts, whose
// copy reaches the page as its fields (loader data), so the copy is not shipped twice.

export type Img = { src: string; alt: string; width: number; height: number };

export const heroImage: Img = {
  src: "/images/hero.svg",
  alt: "Open-plan office with a suspended grid ceiling, LED light panels and glass-walled meeting rooms",
  width: 1200,
  height: 800,
};

/** The service cards' pictures and pages, in home-content.ts's order of services. */
export const serviceCards: ReadonlyArray<{ image: Img; link: string }> = [
  {
    image: {
      src: "/images/services/office-partitions.svg",
      alt: "Glass office partition with an aluminium-framed door next to a solid plasterboard wall",
      width: 600,
      height: 400,
    },
    link: "/partitions",
  },
  {
    image: {
      src: "/images/services/suspended-ceilings.svg",
      alt: "Suspended ceiling grid in perspective with white tiles and square LED panels",
      width: 600,
      height: 400,
    },
    link: "/suspended-ceilings",
  },
  {
    image: {
      src: "/images/services/shop-ceilings.svg",
      alt: "Shop interior with wall shelving, a display table and a suspended ceiling with LED panels",
      width: 600,
      height: 400,
    },
    link: "/shop-ceiling",
  },
  {
    image: {
      src: "/images/services/ceiling-repairs.svg",
      alt: "Installer on an access tower replacing a water-stained tile in a suspended ceiling",
      width: 600,
      height: 400,
    },
    link: "/ceiling-repair",
  },
];

/** The process steps' pictures, in home-content.ts's order of steps. */
export const processImages: ReadonlyArray<Img> = [
  {
    src: "/images/process/get-in-touch.svg",
    alt: "Phone and chat message icons",
    width: 400,
    height: 300,
  },
  {
    src: "/images/process/arrange-booking.svg",
    alt: "Calendar with a booked date marked",
    width: 400,
    height: 300,
  },
  {
    src: "/images/process/arrive-on-time.svg",
    alt: "Company van with a clock showing the arrival time",
    width: 400,
    height: 300,
  },
  {
    src: "/images/process/guarantee.svg",
    alt: "Shield with a tick mark",
    width: 400,
    height: 300,
  },
];
