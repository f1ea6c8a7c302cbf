import type { Project } from "~/db/schema";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { ListLoadError, type Column } from "../list/admin-list";
import { containsText } from "../list/content-list";
import { contentListLoader } from "../list/content-list.server";
import { ResourceList } from "../list/resource-list";
import { Thumbnail } from "../list/thumbnail";
import type { Route } from "./+types/projects-list";
import { ProjectFields } from "./project-form";
import {
  PROJECT_CATEGORIES,
  projectCategoryLabel,
  projectPayload,
  ProjectSchema,
} from "~/features/gallery/projects-schema";
import { listProjects } from "./projects.server";
import { DemoBadge } from "../demo/demo-badge";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Projects");

const NAMES = { one: "project", many: "projects", One: "Project", Many: "Projects" };

export const loader = contentListLoader({
  page: "/admin/projects",
  list: listProjects,
  matches: (p, q) => containsText(q, p.title, p.description),
  extra: (services) => ({ uploadMaxBytes: services.env.UPLOAD_MAX_BYTES }),
});

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

const columns: Array<Column<Project>> = [
  {
    header: "Title",
    cell: (p) => (
      <span className="flex items-center gap-3">
        <Thumbnail src={p.imageSrc} />
        <span>
          <span className="font-semibold">{p.title}</span>
          <DemoBadge demo={p.demo} />
        </span>
      </span>
    ),
  },
  { header: "Category", cell: (p) => projectCategoryLabel(p.category) },
  {
    header: "Featured",
    cell: (p) =>
      p.featured ? (
        <span role="img" aria-label="Featured" className="text-lg font-bold text-teal-brand">
          ✓
        </span>
      ) : (
        <span role="img" aria-label="Not featured" className="text-lg text-slate-brand">
          ✗
        </span>
      ),
  },
  { header: "Order", cell: (p) => p.displayOrder },
];

const filter = { label: "Category", allLabel: "All categories", options: PROJECT_CATEGORIES };

export default function ProjectsList({ loaderData }: Route.ComponentProps) {
  return (
    <ResourceList
      names={NAMES}
      endpoint="/api/admin/projects"
      intro="Finished jobs shown in the gallery, on the home page (featured ones) and on the service pages. Lower order numbers come first."
      data={loaderData}
      columns={columns}
      rowLabel={(p) => p.title}
      searchHint="title or description"
      filter={filter}
      schema={ProjectSchema}
      payload={projectPayload}
      fields={(props) => <ProjectFields {...props} uploadMaxBytes={loaderData.uploadMaxBytes} />}
    />
  );
}
