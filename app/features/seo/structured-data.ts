/** schema.org builders for page-specific structured data (pure, so they are unit-tested). */

/** FAQPage from the same question/answer rows the page shows, in the same order. */
export function buildFaqPageJsonLd(faqs: ReadonlyArray<{ question: string; answer: string }>) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((f) => ({
      "@type": "Question",
      name: f.question,
      acceptedAnswer: { "@type": "Answer", text: f.answer },
    })),
  };
}

export type ArticleInput = {
  /** schema.org type: a blog post is a BlogPosting (a kind of Article). */
  type?: "Article" | "BlogPosting";
  headline: string;
  description: string;
  /** Canonical path of the article, e.g. "/blog/shop-ceiling-trends". */
  path: string;
  /** ISO date, e.g. "2025-06-01". */
  datePublished: string;
  dateModified?: string;
  image: string;
  siteUrl: string;
  organisation: { name: string; logo: string };
};

/** Article (or BlogPosting) with the company as author and publisher. */
export function buildArticleJsonLd(a: ArticleInput) {
  const organisation = {
    "@type": "Organization",
    name: a.organisation.name,
    url: `${a.siteUrl}/`,
  };
  return {
    "@context": "https://schema.org",
    "@type": a.type ?? "Article",
    headline: a.headline,
    description: a.description,
    image: [`${a.siteUrl}${a.image}`],
    datePublished: a.datePublished,
    dateModified: a.dateModified ?? a.datePublished,
    mainEntityOfPage: { "@type": "WebPage", "@id": `${a.siteUrl}${a.path}` },
    author: organisation,
    publisher: { ...organisation, logo: { "@type": "ImageObject", url: `${a.siteUrl}${a.organisation.logo}` } },
    inLanguage: "en-IE",
  };
}
