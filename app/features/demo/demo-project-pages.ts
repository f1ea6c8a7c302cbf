// The project pages of four demo projects (issue 39): where, for whom, how long, what was done and
// several photos with before/after pairs (the "after" first: the first photo is the gallery's). The illustrations are the site's own SVGs
// (public/images/projects/). Three are in Dublin, so a fresh install shows an area page (/areas/dublin);
// one is in Kildare, which stays without one until it has three. Irish/UK spelling.
import type { ProjectSeed } from "./demo-content";

type PageDetails = Pick<
  ProjectSeed,
  "slug" | "area" | "areaSlug" | "sector" | "services" | "duration" | "scope" | "photos"
>;

const IMG = "/images/projects";

export const demoProjectPages: Readonly<Record<string, PageDetails>> = {
  "Glazed meeting rooms for a Sandyford software firm": {
    slug: "glazed-meeting-rooms-sandyford",
    area: "Sandyford, Dublin 18",
    areaSlug: "dublin",
    sector: "Technology office",
    services: ["partitions", "suspended-ceilings"],
    duration: "8 working days",
    scope:
      "A growing software company had outgrown the single boardroom on its 180 m² floor in Sandyford Business Park, and its teams were taking calls in the kitchen. The brief was four bookable meeting rooms and a one-person focus booth without losing the daylight that reaches the middle of the floor. We surveyed the floor on a Friday, agreed a layout with the office manager the following Tuesday and set out the rooms along the internal wall so every desk keeps its view of the windows. The partitions are double-glazed with slimline black aluminium frames, acoustic seals at every joint and a solid head detail above the ceiling grid to stop sound travelling over the top. Each room has a full-height glazed door with a soft-close hinge and a manifestation band at eye level. We cut the existing suspended ceiling back to the new walls, re-levelled the grid and moved eight LED panels so none straddles a partition. The team kept working at the far end of the floor, so noisy cutting was done before nine and after five and the site was swept and vacuumed every evening. The rooms were handed over on the eighth working day, with the snag list closed the same afternoon.",
    photos: [
      {
        src: `${IMG}/glazed-meeting-rooms-sandyford.svg`,
        alt: "Open-plan office with a row of glass-walled meeting rooms, dark aluminium frames and a suspended ceiling with LED panels",
        pair: "after",
      },
      {
        src: `${IMG}/glazed-meeting-rooms-sandyford-before.svg`,
        alt: "The open office floor before the work: desks up to the internal wall and a plain suspended ceiling",
        pair: "before",
      },
      {
        src: `${IMG}/glazed-meeting-rooms-sandyford-detail.svg`,
        alt: "Close view of a glazed partition joint: black aluminium frame, double glazing and the acoustic seal",
      },
    ],
  },
  "Boutique shop ceiling off Grafton Street": {
    slug: "boutique-shop-ceiling-grafton-street",
    area: "Dublin 2",
    areaSlug: "dublin",
    sector: "Fashion retail",
    services: ["shop-ceiling", "suspended-ceilings"],
    duration: "1 weekend (Saturday night to Sunday)",
    scope:
      "An independent fashion boutique just off Grafton Street was re-planning its 95 m² shop floor around new wall shelving and wanted a ceiling that would make the clothes, not the ceiling, the thing customers noticed. The old ceiling was a patchwork of stained tiles and mismatched light fittings left by two previous tenants. Because the shop trades seven days a week, the whole job had to happen between closing on Saturday evening and opening on Monday morning. We prepared everything off site: the lighting layout was agreed with the owner and her electrician a fortnight before, and the tiles, grid and panels were delivered to the rear lane on Saturday afternoon. Overnight we stripped the old tiles, replaced the damaged main runners and installed a new 24 mm white grid at the same height, so the shop front and the fitting rooms were not disturbed. White tegular tiles went in on Sunday morning, with recessed LED panels over the till and the fitting rooms and a track lighting run set out to follow the new shelving. The electrician connected the lighting on Sunday afternoon and we finished with a full clean of the floor and fixtures. The shop opened as normal on Monday.",
    photos: [
      {
        src: `${IMG}/boutique-ceiling-grafton-street.svg`,
        alt: "Fashion boutique interior with clothing rails, wall shelving and a white tegular tile ceiling with LED light panels",
        pair: "after",
      },
      {
        src: `${IMG}/boutique-ceiling-grafton-street-before.svg`,
        alt: "The boutique before the refit: stained ceiling tiles, a missing tile and mismatched light fittings",
        pair: "before",
      },
    ],
  },
  "Open-plan office ceiling in Blanchardstown": {
    slug: "open-plan-office-ceiling-blanchardstown",
    area: "Blanchardstown, Dublin 15",
    areaSlug: "dublin",
    sector: "Business park office",
    services: ["suspended-ceilings"],
    duration: "12 working days",
    scope:
      "A logistics company moving into a shell-and-core floor in a Blanchardstown business park needed a finished ceiling across 640 m² of open-plan office before its desks arrived. The floor came with exposed ductwork, sprinkler pipes and cable trays, and the mechanical and electrical contractor was still on site. We set out the ceiling level with the M&E team so that every duct and sprinkler head had room, then hung a 24 mm exposed grid on adjustable hangers fixed to the concrete soffit. The tiles are 600 x 600 mm mineral fibre with a good sound absorption rating, chosen to keep a busy open-plan floor comfortable to work in. We cut in 120 LED panels and a run of linear supply and return diffusers, and left access tiles under every valve and damper so maintenance never means breaking a tile. Work went in zones of roughly a hundred square metres, so the electricians and the sprinkler fitters always had a finished area to follow us into and the floor was never closed for anyone else. Daily site meetings with the main contractor kept the programme on track, and the ceiling was signed off on the twelfth working day, two days before the furniture delivery.",
    photos: [
      {
        src: `${IMG}/open-plan-ceiling-blanchardstown.svg`,
        alt: "Large open-plan office with rows of desks under a white suspended grid ceiling fitted with square LED panels",
        pair: "after",
      },
      {
        src: `${IMG}/open-plan-ceiling-blanchardstown-before.svg`,
        alt: "The shell floor before the ceiling: exposed ducts, sprinkler pipes and cable trays under a concrete soffit",
        pair: "before",
      },
    ],
  },
  "Acoustic consulting rooms for a Naas medical practice": {
    slug: "acoustic-consulting-rooms-naas",
    area: "Naas, Co. Kildare",
    areaSlug: "kildare",
    sector: "Healthcare",
    services: ["partitions", "suspended-ceilings"],
    duration: "10 working days",
    scope:
      "A medical practice in Naas was turning a former open office into three consulting rooms and a small treatment room, and privacy was the whole brief: a patient in one room must not hear a conversation in the next. We built the walls as metal stud partitions with two layers of acoustic plasterboard on each side and mineral wool in the cavity, taken right up to the concrete slab rather than stopping at the ceiling, so sound cannot travel over the top. Where pipes and ducts pass through, the openings are sealed with acoustic mastic and fire-rated collars. Each room has a solid-core door with drop seals and perimeter seals. Above, a new suspended ceiling with high-absorption tiles keeps each room quiet and easy to clean, with LED panels suited to clinical work. The practice stayed open during the work, so we screened the area off with a dust-sealed hoarding, kept a clear route to the waiting room and did the noisiest cutting outside surgery hours. We handed over on the tenth working day, with the practice manager testing each room by holding a conversation at a normal voice next door.",
    photos: [
      {
        src: `${IMG}/acoustic-partitions-naas.svg`,
        alt: "Corridor in a medical practice with plasterboard partitions and a row of doors to consulting rooms",
      },
      {
        src: `${IMG}/acoustic-partitions-naas-detail.svg`,
        alt: "Section through an acoustic partition: two layers of plasterboard each side, mineral wool and a seal at the slab",
      },
    ],
  },
};
