import { useSearchParams } from "react-router";
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
import { useMutation } from "../list/mutation";
import { projectPath } from "~/features/projects/project-facts";

/** A draft's Publish button (the server refuses it, 409, until the client's consent is recorded). */
function PublishCell({ project }: { project: Project }) {
  const { mutate, pending } = useMutation();
  if (project.status === "published")
    return (
      <a href={projectPath(project.slug)} className="font-medium text-navy-900 underline underline-offset-4">
        Published
      </a>
    );
  return (
    <span className="flex items-center gap-2">
      Draft
      <button
        type="button"
        disabled={pending}
        aria-label={`Publish ${project.title}`}
        className="inline-flex min-h-9 items-center rounded-md bg-navy-900 px-3 text-sm font-semibold text-white disabled:opacity-50"
        onClick={() =>
          void mutate("POST", `/api/admin/projects/${project.id}/publish`, null, {
            success: { title: "Project published", description: "The project's page is on the site" },
            failure: "Failed to publish project",
          })
        }
      >
        Publish
      </button>
    </span>
  );
}

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
          {/* The spec's columns stay as they are: a project's page state sits under its title. */}
          <span className="mt-1 block text-sm">
            <PublishCell project={p} />
          </span>
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
  // ?edit=<id>: a project just made from a job (Publish as a project) opens in the form.
  const [params] = useSearchParams();
  const openRowId = Number(params.get("edit")) || undefined;
  return (
    <ResourceList
      names={NAMES}
      endpoint="/api/admin/projects"
      intro="Finished jobs, each with its own page once published (with the client's consent), shown in the gallery, on the home page (featured ones) and on the service pages. Lower order numbers come first."
      data={loaderData}
      columns={columns}
      rowLabel={(p) => p.title}
      searchHint="title or description"
      filter={filter}
      schema={ProjectSchema}
      payload={projectPayload}
      fields={(props) => <ProjectFields {...props} uploadMaxBytes={loaderData.uploadMaxBytes} />}
      openRowId={openRowId}
    />
  );
}
