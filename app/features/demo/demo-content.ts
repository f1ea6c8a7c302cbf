// Demo content (a fictional Dublin ceilings & partitions contractor), seeded into an empty
// database. Each row is typed as the admin's form input for its kind (the schema's input type) and
// parsed with the same schema when seeding (seed.server.ts), so demo content can never hold what
// staff could not enter. Copy naming the business or its contact details takes them from config,
// so BUSINESS_NAME, BUSINESS_PHONE and BUSINESS_EMAIL reach the seeded text too. Irish/UK spelling.
import { BLOG_FALLBACK } from "~/features/blog/blog-copy";
import type * as z from "zod/mini";
import type { Business } from "~/config";
import type { FaqSchema } from "~/features/faqs/faqs-schema";
import type { PageSchema } from "~/features/pages/pages-schema";
import type { ProjectFieldsSchema } from "~/features/gallery/projects-schema";
import type { TestimonialSchema } from "~/features/testimonials/testimonials-schema";
import { demoProjectPages } from "./demo-project-pages";

/** A demo project: the old single image (imageSrc, altText), or its page's photos. */
export type ProjectSeed = Omit<z.input<typeof ProjectFieldsSchema>, "photos"> & {
  photos?: z.input<typeof ProjectFieldsSchema>["photos"];
};
export type TestimonialSeed = z.input<typeof TestimonialSchema>;
export type FaqSeed = z.input<typeof FaqSchema>;
export type PageSeed = z.input<typeof PageSchema>;

/** What copy may name: the business's name and how to reach it. */
type Contact = Pick<Business, "name" | "phone" | "email">;

const galleryProjects: ReadonlyArray<ProjectSeed> = [
  {
    title: "Glazed meeting rooms for a Sandyford software firm",
    description:
      "Four meeting rooms and a focus booth built from double-glazed partitions with slimline aluminium frames and acoustic seals at every joint. The 180 m² floor was finished in eight working days while the team kept working at the other end of the office.",
    imageSrc: "/images/projects/glazed-meeting-rooms-sandyford.svg",
    altText:
      "Open-plan office with a row of glass-walled meeting rooms, dark aluminium frames and a suspended ceiling with LED panels",
    category: "partitions",
    featured: true,
    displayOrder: 1,
  },
  {
    title: "Boutique shop ceiling off Grafton Street",
    description:
      "A 95 m² fashion boutique re-ceiled with 24mm grid and white tegular tiles, with recessed LED panels and track lighting set out around the new shelving plan. Installed over a Saturday night and Sunday so the shop opened as normal on Monday.",
    imageSrc: "/images/projects/boutique-ceiling-grafton-street.svg",
    altText:
      "Fashion boutique interior with clothing rails, wall shelving and a white tegular tile ceiling with LED light panels",
    category: "shop-ceilings",
    featured: true,
    displayOrder: 2,
  },
  {
    title: "Open-plan office ceiling in Blanchardstown",
    description:
      "600 x 600 mm mineral fibre tiles on 24mm exposed grid across 640 m² of open-plan office, with 120 LED panels and linear diffusers coordinated with the M&E contractor. Completed in 12 working days on a live business park site.",
    imageSrc: "/images/projects/open-plan-ceiling-blanchardstown.svg",
    altText:
      "Large open-plan office with rows of desks under a white suspended grid ceiling fitted with square LED panels",
    category: "suspended-ceilings",
    featured: true,
    displayOrder: 3,
  },
  {
    title: "Water-damaged ceiling tile replacement in a Dublin 2 office",
    description:
      "After a roof leak stained 40 tiles over a reception and two offices, we checked the void, replaced the damaged tiles and two bent main tees, and matched the existing Square-edge tiles. Done in one early-morning visit before staff arrived.",
    imageSrc: "/images/projects/water-damage-repair-dublin-2.svg",
    altText: "Ceiling repair in progress: a water-stained ceiling tile being lifted out from a mobile access tower",
    category: "repairs",
    featured: true,
    displayOrder: 4,
  },
  {
    title: "Hair salon ceiling and fit-out in Ranelagh",
    description:
      "Moisture-resistant ceiling tiles on a 15mm fine-line grid, with downlights positioned over each styling station and the backwash area. Ceiling, partitions and bulkheads were finished in five days, ready for the salon's shopfitter.",
    imageSrc: "/images/projects/hair-salon-ranelagh.svg",
    altText: "Hair salon with styling chairs facing large mirrors under a bright white ceiling with downlights",
    category: "hair-salon",
    featured: true,
    displayOrder: 5,
  },
  {
    title: "Fire-rated corridor partitions for a Citywest office",
    description:
      "60-minute fire-rated drywall partitions and fire-rated door sets forming a protected escape corridor through a 420 m² office floor. All penetrations fire-stopped and recorded with photographs for the building's fire certificate file.",
    imageSrc: "/images/projects/fire-rated-partitions-citywest.svg",
    altText: "Office corridor with solid plasterboard partition walls and fire doors with vision panels",
    category: "partitions",
    featured: true,
    displayOrder: 6,
  },
  {
    title: "Pharmacy ceiling refit in Swords",
    description:
      "The old ceiling over a busy pharmacy was stripped and replaced with 24mm grid, Vector-edge tiles and LED panels across 140 m². We worked after closing each evening with dust screens over the dispensary, and finished in four nights.",
    imageSrc: "/images/projects/pharmacy-ceiling-swords.svg",
    altText: "Pharmacy interior with shelving and a dispensary counter under a clean suspended ceiling with LED panels",
    category: "shop-ceilings",
    featured: true,
    displayOrder: 7,
  },
  {
    title: "Acoustic ceiling for a Dún Laoghaire training centre",
    description:
      "High-absorption acoustic tiles with an NRC of 0.95 fitted in three training rooms and a canteen, 310 m² in total, to cut echo and noise carrying between rooms. Completed over two weeks of the summer break.",
    imageSrc: "/images/projects/acoustic-ceiling-dun-laoghaire.svg",
    altText: "Training room with tables and chairs under an acoustic suspended ceiling with linear light fittings",
    category: "suspended-ceilings",
    featured: true,
    displayOrder: 8,
  },
  {
    title: "Acoustic consulting rooms for a Naas medical practice",
    description:
      "Six consulting rooms divided with acoustic drywall partitions, insulated cores and sealed heads so conversations stay private. The 150 m² layout was built in seven working days, with the practice staying open throughout.",
    imageSrc: "/images/projects/acoustic-partitions-naas.svg",
    altText: "Corridor in a medical practice with plasterboard partitions and a row of doors to consulting rooms",
    category: "partitions",
    featured: false,
    displayOrder: 9,
  },
  {
    title: "Warehouse canteen and office ceiling in Ballymount",
    description:
      "A new 24mm grid ceiling with washable, moisture-resistant tiles in the canteen and standard mineral fibre tiles in the offices above a distribution warehouse, 260 m² in all. Finished in six days alongside the electrical fit-out.",
    imageSrc: "/images/projects/canteen-ceiling-ballymount.svg",
    altText: "Staff canteen with tables and a serving counter under a suspended ceiling with square light panels",
    category: "suspended-ceilings",
    featured: false,
    displayOrder: 10,
  },
  {
    title: "Grid realignment in a Newbridge retail unit",
    description:
      "A 300 m² shop ceiling had dropped and twisted after new shelving and signage were hung from the grid. We re-levelled the grid, added hangers at the correct centres and replaced 60 cracked tiles over two nights.",
    imageSrc: "/images/projects/grid-realignment-newbridge.svg",
    altText: "Shop ceiling with a sagging, uneven section of grid being re-levelled with new hanger wires",
    category: "repairs",
    featured: false,
    displayOrder: 11,
  },
  {
    title: "Sagging ceiling repair after HVAC works in Tallaght",
    description:
      "Ductwork installers had left a run of ceiling tiles cut and unsupported in an office. We fitted trimmers around the new grilles, replaced damaged cross tees and tiles, and left the 80 m² area level and clean in a single day.",
    imageSrc: "/images/projects/hvac-ceiling-repair-tallaght.svg",
    altText: "Office ceiling with new air-conditioning grilles neatly trimmed into the suspended grid after repair",
    category: "repairs",
    featured: false,
    displayOrder: 12,
  },
];

/** The gallery's twelve projects; four of them have a full project page. */
export const seedProjects: ReadonlyArray<ProjectSeed> = galleryProjects.map((p) => ({
  ...p,
  ...demoProjectPages[p.title],
}));

export const seedTestimonials = (b: Contact): ReadonlyArray<TestimonialSeed> => [
  {
    name: "Aoife Brennan",
    title: "Owner",
    company: "Brennan & Lowe Boutique",
    location: "Dublin 2",
    content: `${b.name} put in our new tegular ceiling and LED panels over a single weekend, so we didn't lose a day's trading. They covered every rail and shelf, hoovered up before they left, and the shop looked brighter on Monday morning than it ever had.`,
    stars: 5,
    featured: true,
    displayOrder: 1,
  },
  {
    name: "Declan Moran",
    title: "Pharmacist and Owner",
    company: "Moran's Community Pharmacy",
    location: "Swords, Co. Dublin",
    content:
      "We couldn't close, so the crew worked after hours for four nights and had the floor ready for us every morning. Dust control around the dispensary was taken seriously, with sealed screens and a full clean each night. The quote was clear and the final bill matched it.",
    stars: 5,
    featured: true,
    displayOrder: 2,
  },
  {
    name: "Ciarán O'Rourke",
    title: "Facilities Manager",
    company: "Brightwave Software",
    location: "Sandyford, Dublin 18",
    content:
      "Our four glass meeting rooms went in while 60 people carried on working at the other end of the floor. The acoustic seals make a real difference: you can hold a call in one room without hearing the next. Good communication from survey to handover.",
    stars: 5,
    featured: true,
    displayOrder: 3,
  },
  {
    name: "Sinéad Kavanagh",
    title: "Salon Owner",
    company: "Studio Kavanagh Hair",
    location: "Ranelagh, Dublin 6",
    content:
      "They recommended moisture-resistant tiles for the backwash area and set out the downlights so every station has proper light for colour work. The ceiling was finished in five days, which kept our opening date on track.",
    stars: 5,
    featured: true,
    displayOrder: 4,
  },
  {
    name: "Niamh Doyle",
    title: "Operations Director",
    company: "Harbourline Logistics",
    location: "Citywest, Dublin 24",
    content:
      "The fire-rated corridor partitions were built exactly to the drawings, and every penetration was fire-stopped and photographed for our records. The site was kept tidy, and the RAMS were on my desk before the crew arrived.",
    stars: 5,
    featured: true,
    displayOrder: 5,
  },
  {
    name: "Paul Hennessy",
    title: "Store Manager",
    company: "Hanlon Home & Garden",
    location: "Newbridge, Co. Kildare",
    content: `Part of our shop ceiling had dropped after signage was hung from the grid. ${b.name} re-levelled it and replaced the cracked tiles over two nights, and fitted it around our trading hours. We had to wait a week longer than hoped for a start date, but the work itself was spot on.`,
    stars: 4,
    featured: false,
    displayOrder: 6,
  },
  {
    name: "Gráinne Walsh",
    title: "Practice Manager",
    company: "Millbrook Medical Practice",
    location: "Naas, Co. Kildare",
    content:
      "We needed consulting rooms where patients can't be overheard, and the acoustic partitions do exactly that. The team worked around our clinics for seven days with very little disruption. One door needed a follow-up adjustment, which they sorted the next day.",
    stars: 4,
    featured: false,
    displayOrder: 7,
  },
];

export const seedFaqs: ReadonlyArray<FaqSeed> = [
  // Shop ceilings: the seven-question FAQ on /shop-ceiling-specialists
  {
    question: "How long does a shop ceiling installation take?",
    answer:
      "Most shop ceilings take 3 to 5 days, depending on the floor area, the condition of the existing ceiling and how much lighting and services need to be coordinated. We confirm the programme in writing with your quote, so you can plan stock, staff and any shopfitting around it.",
    category: "shop-ceilings",
    displayOrder: 1,
  },
  {
    question: "Can you work outside our trading hours?",
    answer:
      "Yes. We regularly work evenings, overnight and at weekends so the shop can keep trading. Each shift ends with the floor cleaned and cleared, ready to open the next morning.",
    category: "shop-ceilings",
    displayOrder: 2,
  },
  {
    question: "How much does a shop ceiling cost per m²?",
    answer:
      "A basic suspended ceiling usually costs about {price:basic-suspended-ceiling}, supplied and fitted. Custom ceilings with specialist tiles, bulkheads or feature areas are typically {price:custom-acoustic-ceiling}. After a free site survey we give you a fixed, itemised quote.",
    category: "shop-ceilings",
    displayOrder: 3,
  },
  {
    question: "Can you integrate lighting, air conditioning and sprinklers into the ceiling?",
    answer:
      "Yes. We set out the grid to suit LED panels, downlights, track lighting, HVAC grilles, sprinkler heads, smoke detectors and security cameras. We coordinate with your electrician and mechanical contractor so every fitting lands neatly in the grid.",
    category: "shop-ceilings",
    displayOrder: 4,
  },
  {
    question: "Do your shop ceilings meet fire safety requirements?",
    answer:
      "We install ceiling systems with fire ratings of 30, 60 or 90 minutes, using tested combinations of tiles, grid and fixings. We tell you which rating your unit needs and provide the product data and installation records for your fire safety file.",
    category: "shop-ceilings",
    displayOrder: 5,
  },
  {
    question: "Which tiles, grids and edge types can I choose from?",
    answer:
      "We fit 15mm and 24mm grid systems with Square, Tegular or Vector edge tiles, in over 30 colours. Options include acoustic tiles with an NRC of up to 0.95, moisture-resistant and washable tiles, and metal tiles for a sleek finish.",
    category: "shop-ceilings",
    displayOrder: 6,
  },
  {
    question: "Do you fit ceilings for hair salons and beauty businesses?",
    answer:
      "Yes. For salons we use moisture-resistant tiles that stand up to steam and humidity around basins, and we position lighting for colour work at each station. We can also build the partitions for treatment rooms, staff areas and storage.",
    category: "shop-ceilings",
    displayOrder: 7,
  },

  // General
  {
    question: "Which areas do you cover?",
    answer:
      "We work across Dublin, Kildare, Meath and Wicklow, within about 50 km of our base at {area}. For larger projects further afield, call us and we'll let you know if we can help.",
    category: "general",
    displayOrder: 1,
  },
  {
    question: "Is the site survey and quote free?",
    answer:
      "Yes. We visit, measure up, check the existing ceiling or walls and talk through what you need, at no cost. You then get a clear, itemised written quote with no obligation.",
    category: "general",
    displayOrder: 2,
  },
  {
    question: "Are you insured, and how do you manage health and safety?",
    answer:
      "We are fully insured for commercial work, and every crew member is Safe Pass trained. We provide method statements and RAMS for every job, and where an old ceiling is being disturbed we confirm an asbestos survey is in place first.",
    category: "general",
    displayOrder: 3,
  },
  {
    question: "How quickly can you start?",
    answer:
      "We can usually survey within a few working days of your call and start most jobs within one to two weeks of the quote being accepted. Urgent repairs are often attended the same or next working day.",
    category: "general",
    displayOrder: 4,
  },

  // Partitions
  {
    question: "What types of office partitions do you install?",
    answer:
      "We install drywall stud partitions, fire-rated partitions, acoustic partitions, single and double-glazed glass partitions, and demountable systems that can be moved as your team changes. Many offices use a mix, such as glass to the front of meeting rooms and solid acoustic walls between them.",
    category: "partitions",
    displayOrder: 1,
  },
  {
    question: "Can partitions be fire-rated and soundproofed?",
    answer:
      "Yes. We build fire-rated partitions to 30, 60 or 90 minutes, with matching fire-rated doors and fire-stopping. For privacy we use insulated cores, extra board layers and acoustic seals at the head and base so sound doesn't travel over or under the wall.",
    category: "partitions",
    displayOrder: 2,
  },

  // Ceilings
  {
    question: "What is the difference between 15mm and 24mm grid?",
    answer:
      "24mm grid is the standard, hard-wearing choice for most offices and shops. 15mm fine-line grid has a narrower exposed face, giving a cleaner, more modern look, and is often paired with Tegular or Vector edge tiles.",
    category: "ceilings",
    displayOrder: 1,
  },
  {
    question: "Can a new suspended ceiling reduce heating costs?",
    answer:
      "Yes. Lowering a high ceiling reduces the volume you heat, and adding insulation above the tiles can achieve U-values as low as 0.18. Many clients also replace old fluorescent fittings with LED panels at the same time.",
    category: "ceilings",
    displayOrder: 2,
  },

  // Repairs
  {
    question: "Do you repair water-damaged or sagging ceilings?",
    answer:
      "Yes. We replace stained or sagging tiles, straighten or replace bent tees, and re-hang grid that has dropped. We also check the void above for wet insulation or loose services before closing it up.",
    category: "repairs",
    displayOrder: 1,
  },
  {
    question: "Can you match my existing ceiling tiles?",
    answer:
      "In most cases, yes. We identify the tile by its size, edge type and pattern and source the same or a close match. If a tile has been discontinued, we can re-tile a whole room or zone so the finish stays consistent.",
    category: "repairs",
    displayOrder: 2,
  },

  // Hair salon
  {
    question: "What ceiling is best for a hair salon?",
    answer:
      "We recommend moisture-resistant, washable tiles on a corrosion-resistant grid, as steam and hair products can stain and sag standard tiles. Good lighting is just as important, so we set out downlights or LED panels to give even, colour-true light at every chair.",
    category: "hair-salon",
    displayOrder: 1,
  },
];

export const seedPages: ReadonlyArray<PageSeed> = [
  {
    slug: "home",
    title: "Suspended Ceilings and Office Partitions in Dublin",
    description:
      "{name} installs suspended ceilings, office partitions and shop ceilings for businesses across Dublin and the surrounding counties.",
    content: [
      "{name} is a commercial interiors contractor based at {area}. We install suspended ceilings, office partitions and shop ceilings, and carry out ceiling repairs for offices, shops, salons and other commercial premises across Dublin, Kildare, Meath and Wicklow.",
      "Our process is simple: get in touch, arrange a free site survey, and we arrive on time to complete the work as agreed, backed by our guarantee. We work evenings and weekends where needed, so your business keeps running while the work is done.",
      "Every job comes with method statements and RAMS, Safe Pass trained crews, dust control and full waste removal. Request a free consultation and quote to get started.",
    ].join("\n\n"),
    metaTitle: "Suspended Ceilings & Partitions Dublin | {name}",
    metaDescription:
      "Suspended ceilings, office partitions and shop ceilings across Dublin and Kildare. Free site survey, fixed quotes and out-of-hours installs.",
  },
  {
    slug: "partitions",
    title: "Office Partitions",
    description:
      "Fire-rated, acoustic, glass, demountable and drywall office partitions designed and installed across Dublin.",
    content: [
      "We design and build office partitions that divide space without slowing your business down. Our systems include drywall stud partitions, fire-rated walls rated to 30, 60 or 90 minutes, acoustic partitions for meeting and consulting rooms, single and double-glazed glass partitions, and demountable systems that can be moved as your team changes.",
      "Benefits include flexible layouts, better privacy, more natural light across the floor, compliance with fire regulations, quick installation and a finish that suits your brand. Doors, vision panels, manifestation and sound seals are all included in our quotes.",
      "Contact us for a free site survey and a fixed, itemised quote for your partitions.",
    ].join("\n\n"),
    metaTitle: "Office Partitions Dublin | {name}",
    metaDescription:
      "Glass, acoustic, fire-rated and demountable office partitions installed in Dublin with minimal disruption. Book a free site survey and fixed quote.",
  },
  {
    slug: "suspended-ceilings",
    title: "Suspended Ceilings",
    description:
      "Suspended ceiling systems for offices, shops and commercial buildings, supplied and installed across Dublin.",
    content: [
      "A suspended ceiling hides services, improves acoustics and lighting, and gives a clean, easily maintained finish. We install 15mm and 24mm grid systems with Square, Tegular or Vector edge tiles in over 30 colours, including acoustic tiles with an NRC of up to 0.95 and fire-rated systems of 30, 60 and 90 minutes.",
      "A basic suspended ceiling is typically about {price:basic-suspended-ceiling}, and custom ceilings {price:custom-acoustic-ceiling}. Adding insulation above the tiles can achieve U-values as low as 0.18, cutting heating costs, and the void gives easy access to cabling, ductwork and sprinklers.",
      "We coordinate LED panels, HVAC grilles and sprinkler heads with your other contractors so everything lands neatly in the grid. Ask for a free site survey and quote.",
    ].join("\n\n"),
    metaTitle: "Suspended Ceilings Dublin | {name}",
    metaDescription:
      "Suspended ceilings from about {price:basic-suspended-ceiling:from}: acoustic, fire-rated and insulated systems fitted across Dublin by Safe Pass trained crews. Get a free quote.",
  },
  {
    slug: "shop-ceiling",
    title: "Shop Ceiling Installation",
    description: "Retail ceiling installation in Dublin, fitted around your trading hours in 3 to 5 days.",
    content: [
      "A good shop ceiling makes your stock look its best, hides services and helps customers find their way round the store. We install suspended ceilings for fashion boutiques, pharmacies, convenience stores, salons and retail units of every size.",
      "Most shop ceilings take 3 to 5 days, and we work evenings, overnight and at weekends so you can keep trading. We set out the grid around your lighting, shelving, signage, HVAC and sprinklers, and clean up at the end of every shift.",
      "See our shop ceiling specialists page for our process and recent retail projects, read our guide to shop ceiling trends, or contact us for a free site survey.",
    ].join("\n\n"),
    metaTitle: "Shop Ceiling Installation Dublin | {name}",
    metaDescription:
      "Shop ceilings installed in 3 to 5 days, fitted around your trading hours with LED lighting built in. Free survey for Dublin and Kildare retailers.",
  },
  {
    slug: "shop-ceiling-specialists",
    title: "Shop Ceiling Specialists",
    description:
      "Specialist retail and salon ceiling installers serving shops across Dublin, Kildare, Meath and Wicklow.",
    content: [
      "We specialise in ceilings for shops, pharmacies and salons. Retail work means tight programmes, out-of-hours installs and ceilings that have to work with lighting, signage and display, and that is what our crews do every week.",
      "Our four-step process covers consultation, design and quote, installation, and completion and support. Most shop ceilings take 3 to 5 days, with basic suspended ceilings from about {price:basic-suspended-ceiling} and custom ceilings from {price:custom-acoustic-ceiling}. We offer 15mm and 24mm grid, Square, Tegular and Vector edges, over 30 colours, and fire ratings of 30, 60 and 90 minutes.",
      "Browse example retail projects, read what shop owners say about us and find answers to common questions, then request a free quote.",
    ].join("\n\n"),
    metaTitle: "Shop Ceiling Specialists Dublin | {name}",
    metaDescription:
      "Retail and salon ceiling specialists: out-of-hours installs, dust control and integrated lighting, most shops finished in 3 to 5 days. Request a quote.",
  },
  {
    slug: "ceiling-repair",
    title: "Commercial Ceiling Repairs",
    description:
      "Fast repairs for water-damaged, sagging and broken suspended ceilings in offices and shops across Dublin.",
    content: [
      "Stained, sagging or broken ceiling tiles make premises look neglected and can hide a bigger problem in the void. We repair suspended ceilings in offices, shops and salons, from a handful of stained tiles to re-hanging whole sections of grid.",
      "Our repair process has four steps: assessment and diagnosis, a tailored solution, professional execution and quality assurance. We find the cause, match your existing tiles where possible, replace damaged tees and hangers, and leave the area clean and level.",
      "For urgent repairs after a leak or damage, call us on {phone}. We can often attend the same or next working day.",
    ].join("\n\n"),
    metaTitle: "Commercial Ceiling Repairs Dublin | {name}",
    metaDescription:
      "Water-damaged, sagging or broken ceiling tiles repaired fast, often the same or next working day, with tiles matched to your existing ceiling.",
  },
  {
    slug: "gallery",
    title: "Project Gallery",
    description:
      "Photographs of recent partition, suspended ceiling, shop ceiling and repair projects completed by {name}.",
    content: [
      "Browse a selection of our recent work across Dublin and Kildare, from glazed meeting rooms in Sandyford to a boutique ceiling off Grafton Street and a pharmacy refit in Swords.",
      "Use the filter tabs to view partitions, suspended ceilings, shop ceilings or repairs, and click any image to see it larger.",
      "If you would like to see similar work for your premises, contact us for a free site survey.",
    ].join("\n\n"),
    metaTitle: "Project Gallery: Ceilings & Partitions | {name}",
    metaDescription:
      "See 12 recent ceiling and partition projects in Dublin and Kildare, from glazed meeting rooms to shop ceilings fitted overnight. Filter by service.",
  },
  {
    slug: "about-us",
    title: "About Us",
    description:
      "{name} is a Dublin ceilings and partitions contractor built on quality, customer service and efficiency.",
    content: [
      "{name} was set up to give Dublin businesses a ceilings and partitions contractor that turns up when promised, keeps sites clean and finishes on time. From our base at {area}, we work for offices, shops, salons, shopfitters and developers across Dublin, Kildare, Meath and Wicklow.",
      "Our values are quality, customer service and efficiency. We use proven systems, fit them to a high standard, communicate clearly from survey to handover, and plan every job to keep disruption to a minimum.",
      "Clients choose us for free site surveys, clear fixed quotes, out-of-hours working, Safe Pass trained crews, full insurance, and a guarantee on our workmanship.",
    ].join("\n\n"),
    metaTitle: "About Our Dublin Ceiling Contractors | {name}",
    metaDescription:
      "Meet the team behind {name}, based at {area}: fully insured, Safe Pass trained crews who finish on time and leave every site clean.",
  },
  {
    slug: "contact-us",
    title: "Contact Us",
    description: "Contact {name} for a free consultation, site survey and quote.",
    content: [
      "Tell us about your project and we'll arrange a free consultation and site survey. Fill in the form with your details, the service you need and a short description, and we'll get back to you within one working day.",
      "You can also call us on {phone} or e-mail {email}. Our office is open {hours}.",
      "We are based at {area}, and cover Dublin, Kildare, Meath and Wicklow.",
    ].join("\n\n"),
    metaTitle: "Contact Us for a Free Quote, Dublin | {name}",
    metaDescription:
      "Call {phone} or send us your project details for a free site survey and fixed quote. Open {hours}, across greater Dublin.",
  },
  {
    slug: "sitemap",
    title: "Sitemap",
    description: "A list of every public page on the {name} website.",
    content: [
      "This page lists every public page on our website, grouped into the home page, service pages, company pages, contact pages and our blog.",
      "Service pages cover office partitions, suspended ceilings, shop ceiling installation, our shop ceiling specialists and commercial ceiling repairs. Company pages include About Us and our project gallery.",
      "Search engines can use our XML sitemap at /sitemap.xml.",
    ].join("\n\n"),
    metaTitle: "Sitemap | {name}",
    metaDescription:
      "Find every page on the {name} website in one place: ceiling and partition services, our project gallery, company information and contact pages.",
  },
  {
    slug: "shop-ceiling-trends",
    title: "Shop Ceiling Trends for Irish Retailers",
    description:
      "The ceiling styles, lighting and finishes Irish shops are choosing, and what they mean for your fit-out.",
    content: [
      "Shop ceilings are doing more work than ever. Retailers are moving to 15mm fine-line grid and Tegular or Vector edge tiles for a cleaner look, and using colour, with over 30 tile colours available, to zone areas of the store.",
      "Flush LED panels and track lighting are replacing old fluorescent fittings, cutting energy bills and showing stock in truer colour. Acoustic tiles with an NRC of up to 0.95 are helping busy stores feel calmer, and insulated ceilings with U-values as low as 0.18 are reducing heating costs in older units.",
      "Whatever the style, most shop ceilings are still installed in 3 to 5 days, often overnight or at weekends, so a refresh doesn't have to mean closing your doors.",
    ].join("\n\n"),
    metaTitle: "Shop Ceiling Trends for Irish Retailers | {name}",
    metaDescription:
      "Fine-line grids, flush LED panels and acoustic tiles: the shop ceiling trends Irish retailers are choosing, and how to fit them without closing.",
  },
  {
    slug: "privacy-policy",
    title: "Privacy Policy",
    description: "How {name} collects, uses and protects the personal information you give us.",
    content: [
      "When you contact us through our website form, chat assistant, e-mail or phone, we collect the details you give us, such as your name, e-mail address, phone number, the service you are interested in and your message. We use this information only to reply to your enquiry, arrange site surveys, prepare quotes and carry out work you ask us to do.",
      "We do not sell or share your details with third parties for marketing. We keep enquiry records only as long as needed for these purposes and for our legal and accounting obligations, and we protect them with appropriate technical and organisational measures.",
      "Under data protection law you can ask to see, correct or delete the personal data we hold about you. To make a request, e-mail {email} or write to {legalName}, {address}.",
    ].join("\n\n"),
    metaTitle: "Privacy Policy | {name}",
    metaDescription:
      "How {name} collects, uses and protects the details you send through our contact form and chat, and how to access or delete your data.",
  },
];

/** The blog index's row (added by seedBlogPage): its words are the page's own defaults. */
export const blogPageSeed = (b: Contact): PageSeed => ({
  slug: "blog",
  title: BLOG_FALLBACK.title,
  description: BLOG_FALLBACK.description,
  content:
    "Practical advice on ceilings and partitions for offices, shops and salons. The introduction, headings and notes of the blog's list are edited under Page text.",
  metaTitle: `${BLOG_FALLBACK.title} | ${b.name}`,
  metaDescription: BLOG_FALLBACK.description,
});
