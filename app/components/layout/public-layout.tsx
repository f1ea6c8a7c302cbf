import { useEffect } from "react";
import { Outlet } from "react-router";
import { recordLanding } from "~/features/contact/attribution";
import { useRootData } from "~/root";
import { Breadcrumbs } from "./breadcrumbs";
import { FloatingCallButton } from "./floating-call-button";
import { useHashScroll } from "./hash-scroll";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

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
    </div>
  );
}
