import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { hydratesOnInteraction } from "~/components/hydration";
import { NonceProvider } from "~/components/nonce";
import { deferHydrationStream } from "~/features/site/hydrate-on-interaction.server";
import { stripModulePreloads } from "~/strip-module-preloads.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: noStoreIfFailed(responseStatusCode, responseHeaders),
    });
  }
  const nonce = loadContext.cspNonce;
  // A page below a route whose handle asks for it sends its module script to run at the first
  // interaction. (The dev server hydrates every page at once: its module scripts are Vite's.)
  const deferred =
    !import.meta.env.DEV && hydratesOnInteraction(routerContext.staticHandlerContext.matches.map((m) => m.route));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // Pages are small and fully server-rendered: wait for everything so crawlers and visitors
    // get complete HTML in one response (and the status code reflects any render error).
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          // Everything is ready, so the page is sent as one body rather than React's chunks of a
          // few KB: each chunk would cross a web stream and be flushed (a sync flush of the
          // compressor, a write to the socket) on its own, about 40 of each for an admin list.
          const chunks: Buffer[] = [];
          const html = pipe(stripModulePreloads());
          const out = deferred ? html.pipe(deferHydrationStream()) : html;
          out.on("data", (chunk: Buffer) => chunks.push(chunk));
          out.on("error", reject);
          out.on("end", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            noStoreIfFailed(responseStatusCode, responseHeaders);
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
          });
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * A page that failed (5xx) is never kept by a cache, so it is fetched afresh once the fault is
 * gone. The error boundary's route decides the headers, and the public layout's allow a CDN to
 * keep a page for 30 s.
 */
function noStoreIfFailed(status: number, headers: Headers): Headers {
  if (status >= 500) headers.set("Cache-Control", "no-store");
  return headers;
}

/**
 * Server-side errors from loaders, actions and rendering go to the structured log. Client
 * mistakes (a 404, a POST to a page without a form) are not errors, and neither is a visitor
 * who closed the tab mid-request.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const log = (context as Partial<AppLoadContext>).logger;
  if (log) log.error({ err: error, url: request.url }, "request failed");
  else console.error(error);
};
