import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { InlineStylesheet } from "./components/inline-stylesheet";
import { NonceProvider, useNonce } from "./components/nonce";
import { ScrollRestorationWithoutScript } from "./components/scroll-restoration";
import { ToastProvider } from "./components/ui/toast";
import { getBusiness } from "./config.server";
import { getEnv } from "./env.server";

export const links: Route.LinksFunction = () => [
  // Production inlines the stylesheet (InlineStylesheet); the dev server links it for hot reload.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function loader() {
  return {
    business: getBusiness(),
    siteUrl: getEnv().SITE_URL,
    year: new Date().getFullYear(),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** Business facts and site settings resolved on the server, for any component. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/**
 * The business facts (app/config.ts with the BUSINESS_* overrides) for a component below the
 * root route: its loader has run whenever such a component renders, error boundaries included.
 */
export function useBusiness(): RootData["business"] {
  const root = useRootData();
  if (!root) throw new Error("useBusiness() is for components below the root route");
  return root.business;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-IE">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#12263a" />
        <Meta />
        {!import.meta.env.DEV && <InlineStylesheet />}
        <Links />
      </head>
      <body className="min-h-screen">
        <NonceProvider value={nonce}>{children}</NonceProvider>
        <ScrollRestorationWithoutScript />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Unknown paths never reach here (the public layout's catch-all route renders the 404 page);
  // a 404 thrown elsewhere gets a plain version, so the 404 page's code is not on every page.
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="container-page py-16 text-center">
        <title>Page Not Found</title>
        <meta name="robots" content="noindex" />
        <h1 className="text-3xl font-bold">404 - Page Not Found</h1>
        <p className="mt-4 text-slate-brand">Sorry, the page you're looking for doesn't exist.</p>
        <a href="/" className="btn-dark mt-8">
          Back to Homepage
        </a>
      </main>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center bg-paper px-4">
      <title>Something went wrong</title>
      <meta name="robots" content="noindex" />
      <div role="alert" className="max-w-md rounded-xl bg-white p-8 text-center shadow-lg">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="mt-3 text-slate-brand">
          Sorry, this page could not be shown. Please try again, or call us if the problem continues.
        </p>
        <form method="get" className="mt-6">
          {/* A plain GET of the same URL works with and without JavaScript. */}
          <button type="submit" className="btn-dark" onClick={(e) => (e.preventDefault(), window.location.reload())}>
            Refresh Page
          </button>
        </form>
      </div>
    </main>
  );
}
