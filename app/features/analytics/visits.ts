// Visits from page views, and a day's roll-up. Pure: the daily job rolls up a day's raw views with
// it, and the report uses it for the days not rolled up yet (today).

/** A visit ends after this long without a page view. */
export const VISIT_GAP_MS = 30 * 60_000;

/** Where a view says it came from when it came from no campaign and no other site. */
const DIRECT = "direct";

/**
 * Whether a view starts a new visit though the gap is short: it arrived from a campaign or another
 * site (source not "direct") other than the one the view before it came from. Without it a visitor
 * who browsed, then came back from a Google advert ten minutes later, counted as one visit from
 * wherever they first came, and the advert as a lead with no visit.
 */
export const arrivesAnew = (view: Pick<RawView, "source" | "campaign">, before: Pick<RawView, "source" | "campaign">) =>
  view.source !== DIRECT && (view.source !== before.source || view.campaign !== before.campaign);

/** One stored raw row: a visitor's views of one page at one moment (a batch may add several). */
export type RawView = {
  visitor: string;
  at: Date;
  path: string;
  source: string;
  campaign: string;
  device: string;
  views: number;
};

export type Visit = {
  visitor: string;
  /** The first and last view's times. */
  start: Date;
  end: Date;
  landingPath: string;
  source: string;
  campaign: string;
  device: string;
  views: RawView[];
};

/**
 * Splits views into visits: one visitor's views in time order, a new visit whenever the gap since
 * the previous view reaches 30 minutes, or a view arrives from a new campaign or referring site
 * (arrivesAnew). A visit's landing page, source and campaign are its first view's. Answers visits
 * in order of visitor, then time.
 */
export function splitVisits(views: ReadonlyArray<RawView>): Visit[] {
  const sorted = [...views].sort((a, b) =>
    a.visitor < b.visitor ? -1 : a.visitor > b.visitor ? 1 : a.at.getTime() - b.at.getTime(),
  );
  const visits: Visit[] = [];
  let current: Visit | undefined;
  for (const view of sorted) {
    const before = current?.views.at(-1);
    if (
      current?.visitor !== view.visitor ||
      view.at.getTime() - current.end.getTime() >= VISIT_GAP_MS ||
      (before !== undefined && arrivesAnew(view, before))
    ) {
      current = {
        visitor: view.visitor,
        start: view.at,
        end: view.at,
        landingPath: view.path,
        source: view.source,
        campaign: view.campaign,
        device: view.device,
        views: [],
      };
      visits.push(current);
    }
    current.end = view.at;
    current.views.push(view);
  }
  return visits;
}

/** One roll-up row: a day's views of a page from visits of one source, campaign and device. */
export type DailyRow = {
  path: string;
  source: string;
  campaign: string;
  device: string;
  views: number;
  visitors: number;
  entries: number;
};

export type Dimension = "path" | "source" | "campaign" | "device";

/** One dimension's figure for a day: views, distinct visitors, visits that began there (or came that way). */
export type DimensionRow = { dimension: Dimension; key: string; views: number; visitors: number; entries: number };

export type DayRollUp = {
  rows: DailyRow[];
  /** The day counted one dimension at a time (campaign "" for none is left out). */
  dimensions: DimensionRow[];
  totals: { views: number; visitors: number; visits: number };
  visits: Visit[];
};

/** One day's views as roll-up rows (each view counted under its visit's source and campaign) and totals. */
export function rollUpDay(views: ReadonlyArray<RawView>): DayRollUp {
  const visits = splitVisits(views);
  const rows = new Map<string, DailyRow & { seen: Set<string> }>();
  const dims = new Map<string, DimensionRow & { seen: Set<string> }>();
  const dim = (dimension: Dimension, key: string, visitor: string, views: number, entry: boolean) => {
    const id = `${dimension}\0${key}`;
    let row = dims.get(id);
    if (!row) dims.set(id, (row = { dimension, key, views: 0, visitors: 0, entries: 0, seen: new Set() }));
    row.views += views;
    row.seen.add(visitor);
    if (entry) row.entries++;
  };
  const visitors = new Set<string>();
  let total = 0;
  for (const visit of visits) {
    visitors.add(visit.visitor);
    visit.views.forEach((view, i) => {
      dim("path", view.path, visit.visitor, view.views, i === 0);
      dim("source", visit.source, visit.visitor, view.views, i === 0);
      if (visit.campaign) dim("campaign", visit.campaign, visit.visitor, view.views, i === 0);
      dim("device", view.device, visit.visitor, view.views, i === 0);
      const key = [view.path, visit.source, visit.campaign, view.device].join("\0");
      let row = rows.get(key);
      if (!row) {
        row = {
          path: view.path,
          source: visit.source,
          campaign: visit.campaign,
          device: view.device,
          views: 0,
          visitors: 0,
          entries: 0,
          seen: new Set(),
        };
        rows.set(key, row);
      }
      row.views += view.views;
      total += view.views;
      row.seen.add(visit.visitor);
      if (i === 0) row.entries++;
    });
  }
  return {
    rows: [...rows.values()].map(({ seen, ...row }) => ({ ...row, visitors: seen.size })),
    dimensions: [...dims.values()].map(({ seen, ...row }) => ({ ...row, visitors: seen.size })),
    totals: { views: total, visitors: visitors.size, visits: visits.length },
    visits,
  };
}

/**
 * The visit a lead sent at `at` came from: the visitor's latest visit that began by then (its
 * views that day), or undefined when none was counted.
 */
export function visitBefore(visits: ReadonlyArray<Visit>, visitor: string, at: Date): Visit | undefined {
  let found: Visit | undefined;
  for (const visit of visits)
    if (visit.visitor === visitor && visit.start.getTime() <= at.getTime() + 60_000) found = visit;
  return found;
}
