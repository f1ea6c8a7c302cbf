import { and, eq } from "drizzle-orm";
import type { Business } from "~/config";
import { getBusiness } from "~/config.server";
import type { Db } from "~/db/client.server";
import { appMeta, faqs, pageRevisions, pages, type PageSnapshot } from "~/db/schema";
import { fieldDefaults } from "~/features/pages/fields/field-dsl";
import { declarationOf } from "~/features/pages/page-revisions.server";
import { fillBusinessText } from "~/features/site/business-text";
import { seedFaqs, seedPages } from "./demo-content";

const MARKER_KEY = "business_placeholders_at";

/**
 * How the seeded copy said what it now says with a placeholder: the sentences reworded around
 * {area} or {address} first, then every {area} that was "Ballymount, Dublin 12".
 */
const OLD_WORDING: ReadonlyArray<[now: string, before: string]> = [
  [
    "{name} is a ceilings and partitions contractor based at {area}, built on",
    "{name} is a Ballymount-based ceilings and partitions contractor built on",
  ],
  [
    "Today we work from our base at {area}, for",
    "Today we work from our unit at Ballymount Business Park, Dublin 12, for",
  ],
  ["Meet the team behind {name}, based at {area}:", "Meet the Ballymount-based team behind {name}:"],
  ["or write to {legalName}, {address}.", "or write to {name}, Ballymount, Dublin 12."],
  ["our base at {area} and the 50 km", "our base at Ballymount and the 50 km"],
  ["{name} at {area} and the 50 km", "{name} at Ballymount and the 50 km"],
  ["50 km of our base at {area}. That includes", "50 km of our base at Ballymount. That includes"],
  ["{area}", "Ballymount, Dublin 12"],
  ["Our office is open {hours}.", "Our office is open Monday - Friday, 8:00 AM - 6:00 PM."],
  ["Open {hours}, across greater Dublin.", "Open Monday to Friday, 8am to 6pm, across greater Dublin."],
];

function reworded(text: string): string {
  return OLD_WORDING.reduce((t, [now, before]) => t.replaceAll(now, before), text);
}

/** The text as the seed wrote it into a row: the old wording, with the seed-time business's facts typed in. */
const asSeededInRow = (text: string, business: Business) => fillBusinessText(reworded(text), business);

/** Each old default (a page's field as it read) → today's, for the strings that changed. */
function fieldUpgrades(defaults: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (value: unknown) => {
    if (typeof value === "string") {
      const old = reworded(value);
      if (old !== value) out.set(old, value);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
  };
  visit(defaults);
  return out;
}

/** The stored fields with every value that is exactly an old default replaced by today's. */
function upgradeFields(stored: unknown, upgrades: Map<string, string>): unknown {
  if (typeof stored === "string") return upgrades.get(stored) ?? stored;
  if (Array.isArray(stored)) return stored.map((v) => upgradeFields(v, upgrades));
  if (stored && typeof stored === "object")
    return Object.fromEntries(Object.entries(stored).map(([k, v]) => [k, upgradeFields(v, upgrades)]));
  return stored;
}

type Columns = Pick<PageSnapshot, "title" | "description" | "content" | "metaTitle" | "metaDescription" | "fields">;
const COLUMNS = ["title", "description", "content", "metaTitle", "metaDescription"] as const;

/** A page's words with the seed's old text replaced where (and only where) it is still exactly that. */
function upgradeColumns<T extends Columns>(
  row: T,
  seed: (typeof seedPages)[number] | undefined,
  upgrades: Map<string, string>,
  business: Business,
): T {
  const next = { ...row, fields: upgradeFields(row.fields, upgrades) as Record<string, unknown> };
  if (seed)
    for (const column of COLUMNS) {
      const now = seed[column];
      if (now && row[column] === asSeededInRow(now, business) && now !== row[column]) next[column] = now;
    }
  return next;
}

/**
 * Databases seeded before the business's facts became placeholders: the seeded words nobody has
 * changed (a page's text, meta title and description, its fields, its revisions and draft, the
 * FAQ answers) take the placeholder wording, once, so they follow Settings > Business. A value that
 * differs by a single character from what the seed wrote is staff's and is left alone.
 * `business`: the facts the seed typed in (the code's defaults with BUSINESS_*, as it used them).
 */
export async function adoptBusinessPlaceholders(db: Db, business: Business = getBusiness()): Promise<number> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(appMeta)
      .values({ key: MARKER_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (marked.length === 0) return 0;
    const seededAs = { ...business, area: "Ballymount, Dublin 12" };
    let changed = 0;
    // Sequential on purpose: a transaction holds one connection.
    for (const row of await tx.select().from(pages)) {
      const seed = seedPages.find((p) => p.slug === row.slug);
      const upgrades = fieldUpgrades(fieldDefaults(declarationOf(row)));
      const next = upgradeColumns(row, seed, upgrades, seededAs);
      const draft = row.draft && upgradeColumns(row.draft, seed, upgrades, seededAs);
      if (JSON.stringify([next, draft]) !== JSON.stringify([row, row.draft])) {
        const { title, description, content, metaTitle, metaDescription, fields } = next;
        await tx
          .update(pages)
          .set({ title, description, content, metaTitle, metaDescription, fields, draft })
          .where(eq(pages.id, row.id));
        changed += 1;
      }
      for (const revision of await tx.select().from(pageRevisions).where(eq(pageRevisions.pageId, row.id))) {
        const snapshot = upgradeColumns(revision.snapshot, seed, upgrades, seededAs);
        if (JSON.stringify(snapshot) !== JSON.stringify(revision.snapshot))
          await tx.update(pageRevisions).set({ snapshot }).where(eq(pageRevisions.id, revision.id));
      }
    }
    for (const faq of seedFaqs) {
      const old = asSeededInRow(faq.answer, seededAs);
      if (old === faq.answer) continue;
      const rows = await tx
        .update(faqs)
        .set({ answer: faq.answer })
        .where(and(eq(faqs.question, faq.question), eq(faqs.answer, old)))
        .returning({ id: faqs.id });
      changed += rows.length;
    }
    return changed;
  });
}
