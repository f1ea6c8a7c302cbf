import { data } from "react-router";
import type { Project as ProjectRow } from "~/db/schema";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { adminHeaders, adminMeta } from "../admin-headers";
import type { JsonRow } from "../list/api-client";
import { containsText, ResourceList, type Column } from "../list/resource-list";
import { Thumbnail } from "../list/thumbnail";
import type { Route } from "./+types/projects-list";
import { ProjectFields } from "./project-form";
import { PROJECT_CATEGORIES, projectCategoryLabel, projectPayload, ProjectSchema } from "./projects-schema";

export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.services);
  return data({ uploadMaxBytes: context.services.env.UPLOAD_MAX_BYTES }, { headers: adminHeaders() });
}

export const meta: Route.MetaFunction = adminMeta("Projects");

type Project = JsonRow<ProjectRow>;

const columns: Array<Column<Project>> = [
  {
    header: "Title",
    cell: (p) => (
      <span className="flex items-center gap-3">
        <Thumbnail src={p.imageSrc} />
        <span className="font-semibold">{p.title}</span>
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
  const { uploadMaxBytes } = loaderData;
  return (
    <ResourceList
      names={{ one: "project", many: "projects", One: "Project", Many: "Projects" }}
      endpoint="/api/admin/projects"
      intro="Finished jobs shown in the gallery, on the home page (featured ones) and on the service pages. Lower order numbers come first."
      columns={columns}
      rowLabel={(p) => p.title}
      searchHint="title or description"
      matches={(p, q) => containsText(q, p.title, p.description)}
      filter={filter}
      schema={ProjectSchema}
      payload={projectPayload}
      fields={(props) => <ProjectFields {...props} uploadMaxBytes={uploadMaxBytes} />}
    />
  );
}
