import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("components/layout/public-layout.tsx", [
    index("features/site/home.tsx"),
    // Anything unmatched: the 404 page inside the public layout, answered with status 404.
    route("*", "features/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
