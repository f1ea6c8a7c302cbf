import { useEffect } from "react";
import { Outlet } from "react-router";
import { ChatLauncher } from "~/features/chat/chat-launcher";
import { recordLanding } from "~/features/contact/attribution";
import { publicPageHeaders } from "~/features/seo/cache-headers";
import { useRootData } from "~/root";
import { Breadcrumbs } from "./breadcrumbs";
import { FloatingCallButton } from "./floating-call-button";
import { useHashScroll } from "./hash-scroll";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

// Every public page may be cached (by the server's HTML cache and a CDN) unless it says otherwise.
export const headers = publicPageHeaders;

export default function PublicLayout() {
  const root = useRootData();
  useHashScroll();
  useEffect(recordLanding, []);
  if (!root) return <Outlet />;
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader business={root.business} />
      <Breadcrumbs />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter business={root.business} year={root.year} />
      <FloatingCallButton business={root.business} />
      <ChatLauncher business={root.business} />
    </div>
  );
}
