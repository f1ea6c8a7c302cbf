import { eq } from "drizzle-orm";
import { data } from "react-router";
import type { Business } from "~/config";
import { pages, type PageSnapshot } from "~/db/schema";
import { currentUser, mustSetUpTwoFactor } from "~/features/auth/require-admin.server";
import { renderMarkdown } from "~/features/markdown/markdown.server";
import { fillPlaceholders } from "~/features/site/placeholders";
import { getPriceList } from "~/features/estimate/pricing.server";
import type { PriceFill } from "~/features/estimate/price-text";
import type { AppServices } from "~/services.server";
import type { AnyFieldValue, FieldValues, PageFields } from "./fields/field-dsl";
import { resolvePageFields } from "./fields/field-schema";
import { pagePath } from "./page-slugs";
import type { PageMeta } from "./pages.server";

/** `?preview=1` on a page's own URL: signed-in staff see its draft. */
export const PREVIEW_PARAM = "preview";

/** Whether this request may see drafts: it asks for a preview and comes from signed-in staff. */
export async function isStaffPreview(request: Request, services: AppServices): Promise<boolean> {
  if (new URL(request.url).searchParams.get(PREVIEW_PARAM) !== "1") return false;
  const user = await currentUser(request, services);
  return user !== null && !mustSetUpTwoFactor(user);
}

/** A field value with {name}, {phone}, …, and {price:…} filled in, wherever text sits in it. */
function fill(value: AnyFieldValue, business: Business, prices: PriceFill): AnyFieldValue {
  const text = (s: string) => fillPlaceholders(s, { ...prices, business });
  if (typeof value === "string") return text(value);
  if (Array.isArray(value))
    return value.map((v) =>
      typeof v === "string" ? text(v) : Object.fromEntries(Object.entries(v).map(([k, s]) => [k, text(s)])),
    ) as AnyFieldValue;
  return { label: text(value.label), href: value.href };
}

/**
 * The loader answer of a built-in page: its title, description and canonical path for the meta tags, its field
 * values (business details filled in) and its Markdown fields as sanitised HTML, plus whatever
 * else the page loads (`more`: projects, FAQs, …, fetched alongside). Everyone gets the published
 * version; signed-in staff asking for `?preview=1` get the draft, with `preview: true` (the layout
 * shows the preview bar, the meta tags say noindex) and `Cache-Control: no-store`, so no cache ever
 * keeps it.
 */
export async function loadPageContent<P extends PageFields, More extends object = Record<never, never>>(
  { request, context }: { request: Request; context: { services: AppServices } },
  page: P,
  more?: Promise<More>,
  /** Headers the page always sends (the contact page's no-store for its form token). */
  headers: Record<string, string> = {},
) {
  const { services } = context;
  const [preview, [row], extra, priceList] = await Promise.all([
    isStaffPreview(request, services),
    services.database.db.select().from(pages).where(eq(pages.slug, page.slug)).limit(1),
    more ?? ({} as More),
    getPriceList(services.database.db),
  ]);
  // Prices come from the price table at render time; its trigger bumps the content version, so a
  // cached page is rebuilt with the new figures on the next request.
  const prices: PriceFill = { items: priceList.items, preview };
  const snapshot: PageSnapshot | null = row
    ? preview && row.draft
      ? row.draft
      : { ...row, fields: row.fields }
    : null;
  const values = resolvePageFields(page, snapshot?.fields);
  const fields = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, fill(value, services.business, prices)]),
  ) as FieldValues<P>;
  const html: Record<string, string> = {};
  for (const [name, field] of Object.entries(page.fields))
    if (field.kind === "markdown") html[name] = renderMarkdown(fields[name as keyof typeof fields] as string);
  const meta: PageMeta | null = snapshot
    ? {
        title: fillPlaceholders(snapshot.metaTitle || snapshot.title, { ...prices, business: services.business }),
        description:
          fillPlaceholders(snapshot.metaDescription || snapshot.description || "", {
            ...prices,
            business: services.business,
          }) || null,
      }
    : null;
  const init = preview ? { ...headers, "Cache-Control": "private, no-store" } : headers;
  return data(
    { ...extra, page: meta, path: pagePath(page.slug), fields, html, preview },
    Object.keys(init).length > 0 ? { headers: init } : undefined,
  );
}
