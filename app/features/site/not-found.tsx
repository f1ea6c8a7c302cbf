import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundContent } from "./not-found-content";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <div className="container-page py-12 sm:py-16">
      <NotFoundContent />
    </div>
  );
}
