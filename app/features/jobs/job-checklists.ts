// The checklist a new job starts with, one template per service (jobs.service holds the key).
// Written for Irish commercial interiors work: RAMS and Safe Pass before anyone starts, the
// area protected, the trade's own checks (grid level, deflection head, fire stopping), then a
// clean handover. The job card (features/admin/jobs) ticks them, recording who and when.

export const JOB_SERVICES = ["suspended-ceilings", "office-partitions", "shop-ceilings", "ceiling-repairs"] as const;
export type JobService = (typeof JOB_SERVICES)[number];

export const JOB_SERVICE_LABELS: Record<JobService, string> = {
  "suspended-ceilings": "Suspended ceilings",
  "office-partitions": "Office partitions",
  "shop-ceilings": "Shop ceilings",
  "ceiling-repairs": "Ceiling repairs",
};

const SITE_START = [
  "RAMS briefed to the crew and signed",
  "Safe Pass cards checked",
  "Site induction done with the client or main contractor",
  "Access equipment inspected (podiums, scaffold tower tagged)",
];

const HANDOVER = [
  "Area cleaned and waste removed",
  "Before, during and after photos taken",
  "Client walked round the work",
];

export const CHECKLIST_TEMPLATES: Record<JobService, ReadonlyArray<string>> = {
  "suspended-ceilings": [
    ...SITE_START,
    "Area protected (floors and fixtures covered)",
    "Services above the ceiling checked with the client (sprinklers, ductwork, cabling)",
    "Datum level set and wall angle fixed level",
    "Hangers fixed at the centres the system requires",
    "Grid level checked (laser) and squared",
    "Fire stopping at penetrations photographed",
    "Tiles fitted, cut tiles at the perimeter balanced",
    "Light fittings and diffusers supported independently of the tiles",
    ...HANDOVER,
  ],
  "office-partitions": [
    ...SITE_START,
    "Area protected (floors and fixtures covered)",
    "Setting out checked against the drawing with the client",
    "Floor and head tracks fixed; deflection head allowed for",
    "Studs at the specified centres, plumb and true",
    "Insulation fitted for the acoustic rating",
    "Fire stopping and intumescent sealant at the head and penetrations photographed",
    "Boards fixed and joints taped",
    "Doors hung, ironmongery and glazing checked",
    ...HANDOVER,
  ],
  "shop-ceilings": [
    ...SITE_START,
    "Area protected and shop floor closed off to the public",
    "Trading hours and out-of-hours access agreed with the shop",
    "Services above the ceiling checked (sprinklers, alarm sensors, CCTV, ductwork)",
    "Grid level checked (laser) and squared",
    "Fire stopping at penetrations photographed",
    "Tiles and bulkheads finished, lighting openings cut clean",
    "Alarm and sprinkler heads refitted and checked with the shop",
    ...HANDOVER,
  ],
  "ceiling-repairs": [
    ...SITE_START,
    "Area protected and cordoned off below the work",
    "Cause of the damage found and recorded (leak, impact, sagging)",
    "Damaged tiles and grid photographed before removal",
    "Grid level checked around the repair",
    "Replacement tiles matched to the existing ones",
    "Fire stopping disturbed by the repair made good and photographed",
    ...HANDOVER,
  ],
};

/** Any job without one of the services above (staff can start one for anything). */
export const GENERAL_CHECKLIST: ReadonlyArray<string> = [
  ...SITE_START,
  "Area protected (floors and fixtures covered)",
  "Fire stopping at penetrations photographed",
  ...HANDOVER,
];

export const isJobService = (value: unknown): value is JobService =>
  typeof value === "string" && (JOB_SERVICES as ReadonlyArray<string>).includes(value);

/** The template key for a lead's service as the forms name it ("Suspended Ceilings"), or null. */
export function serviceOfLead(service: string | null | undefined): JobService | null {
  const s = (service ?? "").toLowerCase();
  if (s.includes("shop")) return "shop-ceilings";
  if (s.includes("repair")) return "ceiling-repairs";
  if (s.includes("partition")) return "office-partitions";
  if (s.includes("suspended") || s.includes("ceiling")) return "suspended-ceilings";
  return null;
}

export const checklistFor = (service: JobService | null): ReadonlyArray<string> =>
  service ? CHECKLIST_TEMPLATES[service] : GENERAL_CHECKLIST;
