import type { MetaDescriptor } from "react-router";
import type { Business } from "~/config";
import type { PageMeta } from "~/features/pages/pages.server";
import { fillBusinessText } from "~/features/site/business-text";

export type SeoInput = {
  title: string;
  description: string | null | undefined;
  /** Path of the canonical URL, e.g. "/contact-us". */
  path: string;
  siteUrl: string;
  siteName: string;
  image?: string;
  /** Open Graph type: "article" for blog posts, "website" otherwise. */
  type?: "website" | "article";
};

/** Title, description, canonical URL and social-card tags for a public page. */
export function seoMeta({
  title,
  description,
  path,
  siteUrl,
  siteName,
  image = "/images/og-image.png",
  type = "website",
}: SeoInput): MetaDescriptor[] {
  const url = `${siteUrl}${path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "en_IE" },
    { property: "og:title", content: title },
    { property: "og:url", content: url },
    { property: "og:image", content: `${siteUrl}${image}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
  ];
  if (description) {
    tags.push(
      { name: "description", content: description },
      { property: "og:description", content: description },
      { name: "twitter:description", content: description },
    );
  }
  return tags;
}

/**
 * Meta tags for a page whose title and description staff can edit (the pages row with its slug),
 * falling back to the page's own wording when there is no row or a field is empty.
 */
export function pageSeoMeta({
  page,
  fallback,
  path,
  root,
  type,
}: {
  page: PageMeta | null | undefined;
  fallback: { title: string; description: string };
  path: string;
  root: { siteUrl: string; business: { name: string } };
  type?: SeoInput["type"];
}): MetaDescriptor[] {
  return seoMeta({
    title: page?.title || fallback.title,
    description: page?.description || fallback.description,
    path,
    siteUrl: root.siteUrl,
    siteName: root.business.name,
    type,
  });
}

/**
 * A built-in page's canonical address: the one its loader read from the built-in page list (the
 * list stays out of the browser bundles), or the address asked for when the loader failed.
 */
export const canonicalPath = (loaderData: { path: string } | undefined, location: { pathname: string }) =>
  loaderData?.path ?? location.pathname;

/**
 * The `meta` export of a public page whose title and description staff can edit: the page's
 * loader returns the pages row (`page`) and its canonical path (`path`, from the built-in page
 * list); without a row, the page's own wording is used, with the business name after the title.
 */
export function editablePageMeta({
  fallback,
  type,
}: {
  fallback: { title: string; description: string };
  type?: SeoInput["type"];
}) {
  return ({
    loaderData,
    matches,
    location,
  }: {
    loaderData: { page: PageMeta | null; path: string; preview?: boolean } | undefined;
    matches: ReadonlyArray<{ loaderData: unknown } | undefined>;
    location: { pathname: string };
  }): MetaDescriptor[] => {
    const root = matches[0]!.loaderData as { siteUrl: string; business: Business };
    const fill = (text: string) => fillBusinessText(text, root.business);
    // A staff preview of a draft is never for search engines.
    const robots: MetaDescriptor[] = loaderData?.preview ? [{ name: "robots", content: "noindex" }] : [];
    return [
      ...robots,
      ...pageSeoMeta({
        page: loaderData?.page,
        fallback: { title: `${fill(fallback.title)} | ${root.business.name}`, description: fill(fallback.description) },
        path: canonicalPath(loaderData, location),
        root,
        type,
      }),
    ];
  };
}
