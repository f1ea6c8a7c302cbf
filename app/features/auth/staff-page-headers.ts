/** Admin pages are private: never stored by any cache, never indexed. */
export function adminHeaders() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
}

/** The staff area's title (spec: the admin layout's header), "<business name> Admin". */
export const adminTitle = (businessName: string) => `${businessName} Admin`;

/** An admin page's `meta`: "<title> | <business> Admin", never indexed. */
export function adminMeta(title: string) {
  return ({ matches }: { matches: ReadonlyArray<{ loaderData: unknown } | undefined> }) => {
    const root = matches[0]?.loaderData as { business: { name: string } } | undefined;
    return [
      { title: root ? `${title} | ${adminTitle(root.business.name)}` : title },
      { name: "robots", content: "noindex, nofollow" },
    ];
  };
}
