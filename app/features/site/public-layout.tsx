import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { isRouteErrorResponse, Outlet } from "react-router";
import { PlainNotFound, SomethingWentWrong } from "~/components/error-screens";
import type { HydrationHandle } from "~/components/hydration";
import { ChatLauncher } from "~/features/chat/chat-launcher";
import { recordLanding } from "~/features/leads/attribution";
import { useIsPreview } from "~/features/pages/page-preview";
import { publicPageHeaders } from "~/features/seo/cache-headers";
import { useRootData, type RootData } from "~/root";
import type { Route } from "./+types/public-layout";
import { Breadcrumbs } from "~/components/layout/breadcrumbs";
import { FloatingCallButton } from "~/components/layout/floating-call-button";
import { useHashScroll } from "~/components/layout/hash-scroll";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";

// Every public page may be cached (by the server's HTML cache and a CDN) unless it says otherwise.
// (A page that failed is not: entry.server.tsx sends no-store with any 5xx.)
export const headers = publicPageHeaders;

// Public pages hydrate at the visitor's first interaction (hydrate-on-interaction.server.ts).
export const handle: HydrationHandle = { hydrate: "on-interaction" };

// Only staff previewing a draft see the preview bar: its code loads with a preview, not every visit.
const PreviewBar = lazy(() => import("~/features/pages/preview-bar"));

export default function PublicLayout() {
  const root = useRootData();
  useHashScroll();
  useEffect(recordLanding, []);
  if (!root) return <Outlet />;
  return (
    <PublicShell root={root}>
      <Outlet />
    </PublicShell>
  );
}

/**
 * A public page that failed (its data could not be loaded, or it could not be drawn): the spec's
 * error screen inside the site's header and footer, so the visitor still has the menu, the phone
 * number and the chat.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  const screen =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <PlainNotFound />
    ) : (
      <div className="flex justify-center bg-paper px-4 py-16 sm:py-24">
        <SomethingWentWrong />
      </div>
    );
  return root ? <PublicShell root={root}>{screen}</PublicShell> : screen;
}

function PublicShell({ root, children }: { root: RootData; children: ReactNode }) {
  const preview = useIsPreview();
  return (
    <div className="flex min-h-screen flex-col">
      {preview && (
        <Suspense>
          <PreviewBar />
        </Suspense>
      )}
      <SiteHeader business={root.business} />
      <Breadcrumbs siteUrl={root.siteUrl} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter business={root.business} year={root.year} />
      <FloatingCallButton business={root.business} />
      <ChatLauncher business={root.business} />
    </div>
  );
}
