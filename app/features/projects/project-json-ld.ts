import type { ProjectPhoto } from "~/db/column-types";
import { buildReviewJsonLd, type ReviewSource } from "~/features/seo/local-business";

/**
 * schema.org for a project's page: the page itself, each of its photos as an ImageObject, and the
 * client's published verified review of the job (the one the page shows) as the page's `review`.
 */
export function buildProjectJsonLd(p: {
  siteUrl: string;
  path: string;
  title: string;
  description: string;
  area: string;
  datePublished: string;
  dateModified: string;
  photos: ReadonlyArray<Pick<ProjectPhoto, "src" | "alt" | "width" | "height">>;
  businessName: string;
  review?: ReviewSource | null;
}) {
  const url = `${p.siteUrl}${p.path}`;
  const images = p.photos.map((photo, i) => ({
    "@type": "ImageObject",
    "@id": `${url}#photo-${i + 1}`,
    contentUrl: `${p.siteUrl}${photo.src}`,
    url: `${p.siteUrl}${photo.src}`,
    caption: photo.alt,
    width: photo.width,
    height: photo.height,
  }));
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    "@id": url,
    url,
    name: p.title,
    description: p.description,
    inLanguage: "en-IE",
    datePublished: p.datePublished,
    dateModified: p.dateModified,
    ...(images[0] ? { primaryImageOfPage: { "@id": images[0]["@id"] } } : {}),
    image: images,
    ...(p.area ? { contentLocation: { "@type": "Place", name: p.area } } : {}),
    publisher: { "@type": "Organization", name: p.businessName, url: `${p.siteUrl}/` },
    ...(p.review ? { review: buildReviewJsonLd(p.review) } : {}),
  };
}

/** A description for search results: the text's first sentences, at most about 160 characters. */
export function shortDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[,;:.\s]+$/, "")}…`;
}

/**
 * The photos as the page lays them out: two photos in a row marked before and after (in either
 * order) are one pair, shown before then after.
 */
export type PhotoBlock<P> =
  { kind: "single"; photo: P; index: number } | { kind: "pair"; before: P; after: P; index: number };

export function photoBlocks<P extends { pair?: string }>(photos: ReadonlyArray<P>): Array<PhotoBlock<P>> {
  const blocks: Array<PhotoBlock<P>> = [];
  for (let i = 0; i < photos.length; i++) {
    const photo = photos[i]!;
    const next = photos[i + 1];
    const pairs = (a: P, b: P | undefined): b is P => a.pair === "before" && b?.pair === "after";
    if (pairs(photo, next)) {
      blocks.push({ kind: "pair", before: photo, after: next, index: i });
      i++;
    } else if (next && pairs(next, photo)) {
      blocks.push({ kind: "pair", before: next, after: photo, index: i });
      i++;
    } else blocks.push({ kind: "single", photo, index: i });
  }
  return blocks;
}
