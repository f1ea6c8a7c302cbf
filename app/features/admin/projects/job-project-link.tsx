import { Link } from "react-router";
import { projectPath } from "~/features/projects/project-paths";
import type { JobProject } from "./project-from-job.server";

/** The admin's editor for one project: the projects list, searched for it, with its form open. */
export const projectEditPath = (p: Pick<JobProject, "id" | "title">) =>
  `/admin/projects?q=${encodeURIComponent(p.title)}&edit=${p.id}`;

/**
 * A job's project, where "Publish as a project" would be once the job has one (one page per job):
 * its page on the site once published, its editor while it is a draft.
 */
export function JobProjectLink({ project }: { project: JobProject }) {
  return project.status === "published" ? (
    <p>
      Published as the project{" "}
      <a href={projectPath(project.slug)} className="font-semibold underline">
        {project.title}
      </a>
      .
    </p>
  ) : (
    <p>
      A draft project was made from this job:{" "}
      <Link to={projectEditPath(project)} className="font-semibold underline">
        {project.title}
      </Link>
      . Check it and publish it from the projects list.
    </p>
  );
}
