import * as z from "zod/mini";
import { formPayload } from "~/forms/form-values";
import { categoryField, displayOrderField, flagField, optionalText, requiredText } from "~/forms/schema-fields";
import { PHOTO_PAIRS } from "~/db/column-types";
import {
  countWords,
  PROJECT_AREA_IDS,
  PROJECT_SERVICE_IDS,
  SCOPE_WORDS,
  SLUG_MAX,
  SLUG_PATTERN,
} from "~/features/projects/project-facts";

/** Spec section 3: project categories, with the labels staff see. */
export const PROJECT_CATEGORIES = [
  { value: "shop-ceilings", label: "Shop Ceilings" },
  { value: "suspended-ceilings", label: "Suspended Ceilings" },
  { value: "partitions", label: "Partitions" },
  { value: "repairs", label: "Repairs" },
  { value: "commercial", label: "Commercial" },
  { value: "hair-salon", label: "Hair Salon" },
] as const;

const CATEGORY_IDS = PROJECT_CATEGORIES.map((c) => c.value) as unknown as readonly [
  ProjectCategory,
  ...ProjectCategory[],
];
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number]["value"];
export const DEFAULT_PROJECT_CATEGORY: ProjectCategory = "shop-ceilings";

export const projectCategoryLabel = (value: string | null) =>
  PROJECT_CATEGORIES.find((c) => c.value === value)?.label ?? value ?? "None";

/** Spec section 5. */
export const PROJECT_MESSAGES = {
  title: "Title must be at least 3 characters",
  description: "Description must be at least 10 characters",
  imageSrc: "Image source is required",
  imagePath: "Image source must be a path on this website, starting with /",
  altText: "Alt text is required for accessibility",
  slug: "The address may hold only lowercase letters, digits and single hyphens",
  slugTaken: "Another project already has this address",
  area: "Give the district and postal area (e.g. Sandyford, Dublin 18), never a street address",
  areaSlug: "Please choose a county from the list",
  services: "Please choose services from the list",
  scope: `The scope must be ${SCOPE_WORDS.min}–${SCOPE_WORDS.max} words`,
  photos: "Add at least one photo",
  photoCount: "At most 24 photos",
  photoMissing: "A photo is no longer stored: remove it and upload it again",
  pair: "A photo's pair is before or after",
  consent:
    "The client's consent to show this project has not been recorded. Tick “The client agreed to show this project” first.",
} as const;

/** "12 Main Street", "4a Hill Road": a house number before a street. An area never names one. */
const STREET_ADDRESS =
  /\b\d+[a-z]?\s+(?:[a-z'’.-]+\s+){0,3}(?:street|st|road|rd|avenue|ave|lane|drive|place|terrace|square|way|court|close|crescent|quay|row|grove|park)\b/i;

const photoPath = z.string().check(z.maxLength(255), z.regex(/^\/(?!\/)[^\s"'<>\\]*$/, PROJECT_MESSAGES.imagePath));

/** One photo as the form and the API send it: an upload (its id or its path) or a path on the site. */
export const ProjectPhotoInputSchema = z.object({
  uploadId: z.nullish(z.string().check(z.regex(/^(?:[a-f0-9]{32}|[a-f0-9]{16})$/, PROJECT_MESSAGES.photoMissing))),
  src: z.nullish(photoPath),
  alt: requiredText({ label: "Alt text", min: 3, message: PROJECT_MESSAGES.altText, max: 255 }),
  pair: z.pipe(
    z.nullish(z.union([z.literal(""), z.enum(PHOTO_PAIRS)], { error: PROJECT_MESSAGES.pair })),
    z.transform((v: (typeof PHOTO_PAIRS)[number] | "" | null | undefined) => v || undefined),
  ),
});
export type ProjectPhotoInput = z.infer<typeof ProjectPhotoInputSchema>;

/**
 * The old API's one image (imageSrc, altText) and the new list of photos are the same thing: the
 * first photo is the gallery's image. A payload with photos fills imageSrc and altText from the
 * first; one with only imageSrc and altText becomes a single photo.
 */
function oneImageOrPhotos(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const v = input as Record<string, unknown>;
  if (Array.isArray(v.photos) && v.photos.length > 0) {
    const first = v.photos[0] as Record<string, unknown> | null;
    return { ...v, imageSrc: first?.src ?? v.imageSrc ?? "/uploads/", altText: first?.alt ?? v.altText };
  }
  if (v.photos === undefined && typeof v.imageSrc === "string")
    return { ...v, photos: [{ src: v.imageSrc, alt: v.altText }] };
  return v;
}

export const ProjectFieldsSchema = z.object({
  title: requiredText({ label: "Title", min: 3, message: PROJECT_MESSAGES.title, max: 255 }),
  description: requiredText({
    label: "Description",
    min: 10,
    message: PROJECT_MESSAGES.description,
    max: 5000,
    multiline: true,
  }),
  // An uploaded image (/uploads/…) or a file the site already serves (/images/…). Other origins
  // would be blocked by the Content-Security-Policy anyway.
  imageSrc: z.pipe(
    requiredText({ label: "Image source", min: 5, message: PROJECT_MESSAGES.imageSrc, max: 255 }),
    z.string().check(z.regex(/^\/(?!\/)[^\s"'<>\\]*$/, PROJECT_MESSAGES.imagePath)),
  ),
  altText: requiredText({ label: "Alt text", min: 3, message: PROJECT_MESSAGES.altText, max: 255 }),
  category: categoryField(CATEGORY_IDS, DEFAULT_PROJECT_CATEGORY),
  featured: flagField("Featured"),
  displayOrder: displayOrderField,
  slug: z.pipe(
    z.pipe(
      z.nullish(z.string({ error: PROJECT_MESSAGES.slug })),
      z.transform((v: string | null | undefined) => v?.trim() || null),
    ),
    z.nullable(
      z.string().check(z.maxLength(SLUG_MAX, PROJECT_MESSAGES.slug), z.regex(SLUG_PATTERN, PROJECT_MESSAGES.slug)),
    ),
  ),
  area: z.pipe(
    optionalText({ label: "Area", max: 120 }),
    z.nullable(z.string().check(z.refine((v) => !STREET_ADDRESS.test(v), PROJECT_MESSAGES.area))),
  ),
  areaSlug: z.pipe(
    z.nullish(z.union([z.literal(""), z.enum(PROJECT_AREA_IDS)], { error: PROJECT_MESSAGES.areaSlug })),
    z.transform((v: (typeof PROJECT_AREA_IDS)[number] | "" | null | undefined) => v || null),
  ),
  sector: optionalText({ label: "Sector", max: 100 }),
  services: z._default(z.array(z.enum(PROJECT_SERVICE_IDS, { error: PROJECT_MESSAGES.services })), []),
  duration: optionalText({ label: "Duration", max: 100 }),
  scope: z.pipe(
    optionalText({ label: "Scope", max: 5000, multiline: true }),
    z.nullable(
      z.string().check(
        z.refine((v) => {
          const words = countWords(v);
          return words >= SCOPE_WORDS.min && words <= SCOPE_WORDS.max;
        }, PROJECT_MESSAGES.scope),
      ),
    ),
  ),
  photos: z
    .array(ProjectPhotoInputSchema)
    .check(z.minLength(1, PROJECT_MESSAGES.photos), z.maxLength(24, PROJECT_MESSAGES.photoCount)),
  /** Staff ticked "The client agreed to show this project" (recorded with who and when). */
  // Missing: unchanged (the old API's payload has no such field).
  consent: z.optional(z.boolean({ error: "The client's consent must be true or false" })),
});

export const ProjectSchema = z.pipe(z.transform(oneImageOrPhotos), ProjectFieldsSchema);

export type ProjectInput = z.infer<typeof ProjectSchema>;
export type ProjectField = keyof ProjectInput;

/** The form's fields as the API's JSON payload. */
export const projectPayload = (form: FormData) => {
  const values = formPayload(
    form,
    ["title", "description", "category", "displayOrder", "slug", "area", "areaSlug", "sector", "duration", "scope"],
    ["featured", "consent"],
  );
  return { ...values, services: form.getAll("services").map(String), photos: photosFromForm(form) };
};

/** The photo editor's list, kept as JSON in one hidden field. */
function photosFromForm(form: FormData): unknown {
  const raw = form.get("photos");
  if (typeof raw !== "string" || raw === "") return [];
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return [];
  }
}
