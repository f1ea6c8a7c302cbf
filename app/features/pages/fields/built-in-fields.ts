import { blogIndexFields } from "~/features/blog/blog-index-fields";
import { contactPageFields } from "~/features/contact/contact-page-fields";
import { estimatePageFields } from "~/features/estimate/estimate-page-fields";
import { galleryFields } from "~/features/gallery/gallery-fields";
import { aboutUsFields } from "~/features/site/about-us-fields";
import { ceilingRepairFields } from "~/features/site/ceiling-repair-fields";
import { homeFields } from "~/features/site/home-fields";
import { partitionsFields } from "~/features/site/partitions-fields";
import { privacyPolicyFields } from "~/features/site/privacy-policy-fields";
import { shopCeilingFields } from "~/features/site/shop-ceiling-fields";
import { sitemapDisplayFields } from "~/features/site/sitemap-display-fields";
import { shopCeilingSpecialistsFields } from "~/features/site/shop-ceiling-specialists-fields";
import { suspendedCeilingsFields } from "~/features/site/suspended-ceilings-fields";
import type { PageFields } from "./field-dsl";

// Every built-in page's field declaration, by its pages-table slug: for the admin API (checking
// and answering fields) and the admin editor (the form). Public pages import only their own.

export const allBuiltInPageFields: ReadonlyArray<PageFields> = [
  aboutUsFields,
  suspendedCeilingsFields,
  shopCeilingSpecialistsFields,
  partitionsFields,
  shopCeilingFields,
  ceilingRepairFields,
  homeFields,
  contactPageFields,
  privacyPolicyFields,
  galleryFields,
  blogIndexFields,
  sitemapDisplayFields,
  estimatePageFields,
];

const bySlug = new Map(allBuiltInPageFields.map((p) => [p.slug, p]));

/** The fields a built-in page declares, or null (a staff page, or a built-in page without fields). */
export const builtInPageFields = (slug: string): PageFields | null => bySlug.get(slug) ?? null;
