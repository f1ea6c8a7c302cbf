/**
 * One request to a test site, as the quote tests make them: `body`, when given, is sent as JSON;
 * redirects are not followed. Answers the status, the headers, the text with React's text
 * separators (<!-- -->) left out, so a page's sentences can be matched whole, and the parsed body
 * of a JSON answer (else null).
 */
export async function callSite(
  origin: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  const text = (await res.text()).replaceAll("<!-- -->", "");
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null,
  };
}
