import * as z from "zod/mini";
import { formPayload } from "~/forms/form-values";
import { categoryField, displayOrderField, flagField, requiredText } from "~/forms/schema-fields";

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
} as const;

export const ProjectSchema = z.object({
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
});

export type ProjectInput = z.infer<typeof ProjectSchema>;
export type ProjectField = keyof ProjectInput;

/** The form's fields as the API's JSON payload. */
export const projectPayload = (form: FormData) =>
  formPayload(form, ["title", "description", "imageSrc", "altText", "category", "displayOrder"], ["featured"]);
