import type { MetaDescriptor } from "react-router";

export type SeoInput = {
  title: string;
  description: string | null | undefined;
  /** Path of the canonical URL, e.g. "/contact-us". */
  path: string;
  siteUrl: string;
  siteName: string;
  image?: string;
};

/** Title, description, canonical URL and social-card tags for a public page. */
export function seoMeta({ title, description, path, siteUrl, siteName, image = "/images/og-image.png" }: SeoInput): MetaDescriptor[] {
  const url = `${siteUrl}${path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
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
