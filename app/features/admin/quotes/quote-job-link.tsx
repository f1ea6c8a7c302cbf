import { Link } from "react-router";

/** On an accepted quote's page: the job it made (features/jobs), its card and its programme. */
export function QuoteJobLink({ job }: { job: { id: number; number: string } }) {
  return (
    <p className="mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-green-50 p-4 ring-1 ring-green-800/20">
      <span>
        Accepting it made job <strong>{job.number}</strong>.
      </span>
      <Link to={`/admin/jobs/${job.id}`} className="btn-dark !min-h-10 text-sm">
        Open job {job.number}
      </Link>
      <Link to={`/admin/jobs/${job.id}/programme`} className="btn-outline !min-h-10 text-sm">
        Schedule its days
      </Link>
    </p>
  );
}
