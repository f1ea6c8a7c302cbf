// "Shop Ceiling Trends for Irish Retailers": the article text. Plain data only.

export type ArticleSection = {
  id: string;
  heading: string;
  paragraphs: ReadonlyArray<string>;
  bullets?: ReadonlyArray<string>;
};

export const intro: ReadonlyArray<string> = [
  "Walk down Grafton Street, through a Liffey Valley mall or along the main street of any Kildare town and you'll see how much shop interiors have changed in the last few years. Floors, fixtures and lighting get most of the attention, but the ceiling is doing more work than ever: it carries the lighting, hides the services, controls noise and sets the tone for the whole space.",
  "We install and repair shop and salon ceilings across Dublin and Kildare every week. These are the trends we're seeing on Irish retail projects, and what each one means for your budget, your programme and your customers.",
];

export const sections: ReadonlyArray<ArticleSection> = [
  {
    id: "open-or-suspended",
    heading: "1. Open ceilings are in fashion, but suspended ceilings still do the work",
    paragraphs: [
      "The exposed look, with the slab, ductwork and cable trays painted out in black or grey, is popular with coffee shops, streetwear brands and anyone after an industrial feel. Done well, it adds height and character. Done badly, it shows every dusty duct and untidy pipe run, and the shop can be loud, hard to heat and awkward to keep clean.",
      "Most Irish retailers still choose a suspended ceiling for practical reasons. It hides services while keeping them reachable, it is usually quicker and cheaper than tidying and painting everything above, and it brings insulation and acoustic control with it. A popular middle ground is a suspended ceiling over most of the floor with an open section, a floating raft or a bulkhead over a feature area such as the entrance, the till point or a window display.",
    ],
  },
  {
    id: "acoustic-comfort",
    heading: "2. Acoustic comfort is on the brief",
    paragraphs: [
      "Hard floors, glass shopfronts and minimal fixtures make for lively, echoing shops. Customers may not put a name on it, but a noisy store feels stressful and they leave sooner. Staff feel it too by the end of an eight-hour shift.",
      "Acoustic ceiling tiles with a noise reduction coefficient (NRC) of up to 0.95 absorb most of the sound that reaches them, and they look almost identical to standard tiles. They are especially worth it in pharmacies and opticians, where staff need to speak to customers discreetly, and in salons and cafés where music and conversation compete.",
    ],
  },
  {
    id: "led-lighting",
    heading: "3. LED lighting designed into the grid",
    paragraphs: [
      "Old fluorescent fittings are on their way out. Flush LED panels, downlights and track lighting use far less electricity, last much longer and show stock in truer colour. The bigger change is that lighting and ceiling are now designed together, rather than panels being dropped into whatever grid happened to be there.",
      "In practice that means setting out the grid around the shelving plan so light lands on the products, not the aisles; choosing panel sizes and colour temperature to suit what you sell, warmer for fashion and homeware, cooler and brighter for pharmacies and convenience stores; and leaving clean runs for track lighting over displays that will change with the seasons. Your electrician and your ceiling installer should be working from the same drawing.",
    ],
  },
  {
    id: "tegular-and-vector",
    heading: "4. Tegular and Vector edges for a cleaner finish",
    paragraphs: [
      "The standard office look, Square-edge tiles on a 24mm grid, is practical and economical, but many retailers now want something more refined. Two tile details do most of the work:",
    ],
    bullets: [
      "Tegular edge: the face of the tile drops just below the grid, leaving a neat shadow line. A modest extra cost for a noticeably more finished ceiling.",
      "Vector edge: the grid is almost hidden and the ceiling reads as one near-continuous surface, yet every tile still lifts out for access.",
    ],
  },
  {
    id: "fine-line-grid",
    heading: "5. Fine-line grids and colour zoning",
    paragraphs: [
      "Pair either edge with a 15mm fine-line grid instead of 24mm and the ceiling starts to look closer to plaster, at a fraction of the cost and disruption. White is still the default, and for good reason: it reflects light and makes a small shop feel bigger. But with over 30 tile and grid colours readily available, more retailers are using colour deliberately. A darker ceiling over a premium section, a brand colour over the till or a black grid in an industrial-style store can separate areas without building a single wall.",
      "Changes in ceiling height do the same job. A lowered bulkhead over the counter or the fitting rooms makes the space feel more intimate and gives you a place for signage and feature lighting.",
    ],
  },
  {
    id: "salons",
    heading: "6. Moisture-resistant tiles for salons and beauty",
    paragraphs: [
      "Hair and beauty salons are among the toughest places for a ceiling. Steam from the basins, hairspray, colour products and long opening hours will stain and sag a standard mineral fibre tile within months. The answer is moisture-resistant, washable tiles on a corrosion-resistant grid, especially around the backwash and colour bar, with extraction grilles set neatly into the grid.",
      "Lighting matters just as much in a salon. Even, colour-true light at every station makes colour work easier, and it looks better in the photos clients post afterwards.",
    ],
  },
  {
    id: "hygiene",
    heading: "7. Hygiene and easy cleaning",
    paragraphs: [
      "Shoppers notice cleanliness more than they used to, and pharmacies, food retailers and clinics face higher expectations again. Washable, wipe-clean tiles, sealed edges in food areas and ceilings that don't shed fibres are increasingly part of the specification. Even in an ordinary shop, a ceiling that cleans easily, and where a damaged tile can be swapped in minutes, stays looking new for longer.",
    ],
  },
  {
    id: "speed",
    heading: "8. Speed: installing around trading hours",
    paragraphs: [
      "The biggest change isn't visual at all. Few retailers can afford to close for a refit, so ceiling work is now planned around trading. Most shop ceilings are installed in 3 to 5 days, often working evenings, overnight or across a weekend, with stock sheeted, dust screens up and the floor cleaned before the doors open each morning.",
      "If you're planning a refit, bring your ceiling contractor in early. A night-by-night programme agreed with your shopfitter and electrician is what keeps the shop open.",
    ],
  },
  {
    id: "costs",
    heading: "What does a new shop ceiling cost?",
    paragraphs: [
      "As a guide, a basic suspended ceiling costs about {price:basic-suspended-ceiling}, supplied and fitted. Custom ceilings with fine-line grid, Vector edges, high-performance acoustic or fire-rated tiles, metal tiles or bulkheads typically cost {price:custom-acoustic-ceiling}. Adding insulation above the tiles can bring U-values as low as 0.18, which pays back quickly in older units with high, poorly insulated roofs, and fire-rated systems of 30, 60 or 90 minutes are available in most of the finishes above where your unit needs them.",
    ],
  },
  {
    id: "checklist",
    heading: "Planning your shop ceiling: a short checklist",
    paragraphs: ["Before you ask for prices, it helps to have answers to these:"],
    bullets: [
      "Agree your shelving and lighting layout before the ceiling is set out.",
      "Check what fire rating your unit needs, and ask for the product data for your fire safety file.",
      "Decide which areas need acoustic, moisture-resistant or washable tiles.",
      "Book the work around your quietest trading days, and get the programme in writing.",
      "Keep a box of spare tiles for future repairs, so replacements always match.",
    ],
  },
];

export const closing =
  "If you'd like a second opinion on your shop or salon ceiling, we're happy to survey it free of charge and talk you through the options, with no obligation.";
