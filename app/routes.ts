import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("components/layout/public-layout.tsx", [
    index("features/site/home.tsx"),
    // One contact page at two addresses (the spec lists both); /contact-us is canonical.
    route("contact-us", "features/contact/contact-page.tsx", { id: "contact-us" }),
    route("contact", "features/contact/contact-page.tsx", { id: "contact" }),
    // Anything unmatched: the 404 page inside the public layout, answered with status 404.
    route("*", "features/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
