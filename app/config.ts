/**
 * Business facts shown across the site and in structured data. The defaults live here; BUSINESS_*
 * environment variables override them (config.server.ts), and the result seeds the admin's
 * Settings > Business on the first start. From then on the stored settings are what the site shows
 * (features/site/site-settings.server.ts; docs/configuration.md, "Business facts").
 * Components read the resolved values with useBusiness(), never these defaults directly.
 */
export type OpeningHours = {
  /** schema.org day names, e.g. "Monday". */
  days: ReadonlyArray<string>;
  opens: string; // "08:00"
  closes: string; // "18:00"
  /** How the hours read on the page. */
  label: string;
};

export type Business = {
  name: string;
  legalName: string;
  tagline: string;
  phone: string; // as displayed
  phoneE164: string; // for tel: links and structured data
  email: string;
  /** Shown on quotes (Irish VAT registration number). */
  vatNumber: string;
  address: { street: string; locality: string; region: string; postalCode: string; country: string };
  /** Short location line used on the contact card and footer. */
  locationLabel: string;
  /** Where the business is based, as page copy names it ({area}): "Ballymount, Dublin 12". */
  area: string;
  geo: { latitude: number; longitude: number };
  serviceRadiusMetres: number;
  openingHours: OpeningHours;
  /** The reviews' average for structured data; null: none is claimed (nothing invented goes live). */
  rating: { value: number; count: number; best: number; worst: number; source: string } | null;
  social: ReadonlyArray<{ name: string; url: string }>;
  /** Where clients leave a Google review (Settings > Business); "": none set. */
  googleReviewUrl: string;
};

/** The business's name: typed here once; everything else reads it from the settings. */
const BUSINESS_NAME = "IC Interiors";

export const defaultBusiness: Business = {
  name: BUSINESS_NAME,
  legalName: `${BUSINESS_NAME} Ltd`,
  tagline: "Suspended ceilings, office partitions and shop ceilings across Dublin and Kildare.",
  phone: "01 555 0192",
  phoneE164: "+35315550192",
  email: "info@icinteriors.ie",
  vatNumber: "IE 3456789LH",
  address: {
    street: "Unit 7, Ballymount Business Park",
    locality: "Dublin 12",
    region: "Co. Dublin",
    postalCode: "D12 X5F8",
    country: "IE",
  },
  locationLabel: "Dublin, Ireland",
  area: "Ballymount, Dublin 12",
  geo: { latitude: 53.3162, longitude: -6.3545 },
  serviceRadiusMetres: 50_000,
  openingHours: {
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "08:00",
    closes: "18:00",
    label: "Monday–Friday: 8:00–18:00",
  },
  rating: null,
  social: [
    { name: "Facebook", url: "https://www.facebook.com/icinteriors.ie" },
    { name: "LinkedIn", url: "https://www.linkedin.com/company/ic-interiors-dublin" },
    { name: "Instagram", url: "https://www.instagram.com/icinteriors.ie" },
  ],
  googleReviewUrl: "",
};

export const navItems = [
  { label: "Home", to: "/" },
  { label: "Services", to: "/#services" },
  { label: "Shop Ceiling Specialists", to: "/shop-ceiling-specialists" },
  { label: "About Us", to: "/about-us" },
  { label: "Gallery", to: "/gallery" },
  { label: "Contact", to: "/contact-us" },
] as const;

export const serviceLinks = [
  { label: "Office Partitions", to: "/partitions" },
  { label: "Suspended Ceilings", to: "/suspended-ceilings" },
  { label: "Shop Ceiling Installation", to: "/shop-ceiling" },
  { label: "Shop Ceiling Specialists", to: "/shop-ceiling-specialists" },
  { label: "Ceiling Repairs", to: "/ceiling-repair" },
] as const;

export const quickLinks = [
  { label: "About Us", to: "/#about" },
  { label: "Project Gallery", to: "/gallery" },
  { label: "Blog", to: "/blog" },
  { label: "Contact Us", to: "/contact-us" },
  { label: "Sitemap", to: "/sitemap-display.html" },
  { label: "Privacy Policy", to: "/privacy-policy" },
] as const;
