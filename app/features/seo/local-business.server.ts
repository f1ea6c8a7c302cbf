import type { AppServices } from "~/services.server";
import { listPublicTestimonials, verifiedReviewRating } from "~/features/testimonials/testimonials.server";
import { buildLocalBusinessJsonLd, type LocalBusinessData, type ReviewSource } from "./local-business";

/**
 * LocalBusiness structured data for a loader, from the resolved business settings and SITE_URL.
 * Pass the testimonials the page shows; without them the top three public testimonials are used.
 * The rating is the published verified reviews' once there is one (issue 39), else the stated one.
 */
export async function getLocalBusinessJsonLd(
  services: Pick<AppServices, "database" | "env" | "siteUrl" | "business">,
  reviews?: ReadonlyArray<ReviewSource>,
): Promise<LocalBusinessData> {
  return buildLocalBusinessJsonLd({
    business: services.business,
    siteUrl: services.siteUrl,
    reviews: reviews ?? (await listPublicTestimonials(services.database.db, 3)),
    verified: await verifiedReviewRating(services.database.db),
  });
}
