import { renderToStaticMarkup } from "react-dom/server";
import { createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from "react-router";
import { describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config";
import { seedSettings, toBusiness } from "~/features/site/business-settings";
import { SiteFooter } from "./site-footer";

// The footer's hours as a visitor reads them (issue 35 item 8): a 24-hour clock, an en dash, no spaces.

function footerText(openingHours: { days: string[]; opens: string; closes: string }) {
  const business = toBusiness({ ...seedSettings(defaultBusiness, undefined), openingHours }, defaultBusiness);
  const routes = [{ path: "/", element: <SiteFooter business={business} year={2026} /> }];
  const context = { location: { pathname: "/" }, matches: [], loaderData: {} } as unknown as StaticHandlerContext;
  const router = createStaticRouter(routes, context);
  const html = renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

describe("the site footer's opening hours", () => {
  it('reads the seeded hours as "Monday–Friday: 8:00–18:00"', () => {
    const text = footerText({
      days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "08:00",
      closes: "18:00",
    });
    expect(text).toContain("Monday–Friday: 8:00–18:00");
    expect(text).not.toMatch(/AM|PM|08:00/);
  });

  it("reads the hours the owner saves", () => {
    expect(footerText({ days: ["Saturday"], opens: "07:30", closes: "13:00" })).toContain("Saturday: 7:30–13:00");
  });
});
