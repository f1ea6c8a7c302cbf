/** Admin pages are private: never stored by any cache, never indexed. */
export function adminHeaders() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export const adminMeta = (title: string) => [
  { title: `${title} | IC Interiors Admin` },
  { name: "robots", content: "noindex, nofollow" },
];
