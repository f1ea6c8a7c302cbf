import type { Business } from "~/config";
import { dublinDay } from "~/features/time/dublin-time";

/** What a review needs; PublicTestimonial rows (testimonials.server.ts) fit as they are. */
export type ReviewSource = { name: string; content: string; stars: number; verified?: boolean; createdAt?: Date };

/** schema.org Review for a review the page shows: its author, stars, words and (a verified one's) day. */
export function buildReviewJsonLd(r: ReviewSource) {
  return {
    "@type": "Review",
    author: { "@type": "Person", name: r.name },
    reviewRating: { "@type": "Rating", ratingValue: r.stars, bestRating: 5, worstRating: 1 },
    reviewBody: r.content,
    ...(r.verified && r.createdAt ? { datePublished: dublinDay(new Date(r.createdAt)) } : {}),
  };
}

/** The published verified reviews' figures (issue 39): once there is one, they are the rating. */
export type VerifiedRating = { count: number; average: number | null };

/**
 * The business's rating, wherever it is stated (structured data, the home page's words): clients'
 * own reviews through the site once one is published; until then the figure the owner states in
 * Settings > Business (a fresh install's sample, the spec's 4.9 from 47), or none.
 */
export function businessRating(
  business: Pick<Business, "rating">,
  verified: VerifiedRating,
): { value: number; count: number; best: number; worst: number } | null {
  if (verified.count > 0 && verified.average !== null)
    return { value: verified.average, count: verified.count, best: 5, worst: 1 };
  return business.rating;
}

/**
 * schema.org LocalBusiness data for the company. GeneralContractor is the closest subtype
 * (Organization > LocalBusiness > HomeAndConstructionBusiness > GeneralContractor).
 * Everything comes from the resolved business config, so BUSINESS_* overrides apply here too.
 */
export function buildLocalBusinessJsonLd({
  business,
  siteUrl,
  reviews,
  verified = { count: 0, average: null },
}: {
  business: Business;
  siteUrl: string;
  reviews: ReadonlyArray<ReviewSource>;
  verified?: VerifiedRating;
}) {
  const rating = businessRating(business, verified);
  // A rating made of verified reviews embeds only those: never a sample testimonial beside them.
  const embedded = rating && verified.count > 0 ? reviews.filter((r) => r.verified) : reviews;
  const coordinates = { "@type": "GeoCoordinates", latitude: business.geo.latitude, longitude: business.geo.longitude };
  return {
    "@context": "https://schema.org",
    "@type": "GeneralContractor",
    "@id": `${siteUrl}/#business`,
    name: business.name,
    legalName: business.legalName,
    description: business.tagline,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/favicon.svg`,
    image: `${siteUrl}/images/og-image.png`,
    telephone: business.phoneE164,
    email: business.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: business.address.street,
      addressLocality: business.address.locality,
      addressRegion: business.address.region,
      postalCode: business.address.postalCode,
      addressCountry: business.address.country,
    },
    geo: coordinates,
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: [...business.openingHours.days],
        opens: business.openingHours.opens,
        closes: business.openingHours.closes,
      },
    ],
    areaServed: { "@type": "GeoCircle", geoMidpoint: coordinates, geoRadius: business.serviceRadiusMetres },
    sameAs: business.social.map((s) => s.url),
    // Only a real rating: verified reviews, or one the business has set. None is ever invented.
    ...(rating
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: rating.value,
            reviewCount: rating.count,
            bestRating: rating.best,
            worstRating: rating.worst,
          },
        }
      : {}),
    review: embedded.map(buildReviewJsonLd),
  };
}

/**
 * For a page about the business (home, contact): built in the loader with getLocalBusinessJsonLd()
 * (local-business.server.ts), so the builder never ships to the browser, and rendered with
 * <JsonLd data={loaderData.localBusiness} />.
 */
export type LocalBusinessData = ReturnType<typeof buildLocalBusinessJsonLd>;

/** The rating a page's structured data states, to say the same in words; null when it states none. */
export const statedRating = (data: LocalBusinessData): { value: number; count: number } | null =>
  data.aggregateRating ? { value: data.aggregateRating.ratingValue, count: data.aggregateRating.reviewCount } : null;
