import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { PlainNotFound, SomethingWentWrong } from "./components/error-screens";
import { HYDRATED_EVENT } from "./components/hydration";
import { InlineStylesheet } from "./components/inline-stylesheet";
import { NonceProvider, useNonce } from "./components/nonce";
import { ScrollRestorationWithoutScript } from "./components/scroll-restoration";
import { ToastProvider } from "./components/ui/toast";

export const links: Route.LinksFunction = () => [
  // Production inlines the stylesheet (InlineStylesheet); the dev server links it for hot reload.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function loader({ context }: Route.LoaderArgs) {
  return {
    business: context.services.business,
    siteUrl: context.services.siteUrl,
    year: new Date().getFullYear(),
  };
}

/**
 * The root's data (business facts, site URL, the year) does not change while a page is open, so
 * moving between pages never asks for it again. That also keeps a page's failed data request
 * from reaching the root: the failure is shown inside the public or admin layout.
 */
export const shouldRevalidate = () => false;

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
  // The root's first effect runs once the whole page has hydrated: held clicks and submissions go now.
  useEffect(() => {
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

/** When the root itself fails; a failure below the public or admin layout keeps that layout (see theirs). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main>
        <PlainNotFound />
      </main>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center bg-paper px-4">
      <SomethingWentWrong />
    </main>
  );
}
