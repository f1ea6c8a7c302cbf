// A content list's URL and search, shared by its loader (content-list.server.ts) and its page.

/** What a content list shows, from its URL: ?q= (the search) and ?category= (the filter). */
export type ContentListQuery = { q: string; category: string };

export function parseContentListQuery(params: URLSearchParams): ContentListQuery {
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    category: (params.get("category") ?? "").trim().slice(0, 100),
  };
}

/** Case-insensitive "contains" over a row's fields, for each resource's `matches` (the query is lower-case). */
export const containsText = (query: string, ...values: Array<string | null | undefined>) =>
  values.some((v) => (v ?? "").toLowerCase().includes(query));
