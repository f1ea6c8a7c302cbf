import type { Page, PageChange } from "~/db/schema";
import type { AnyFieldValues } from "~/features/pages/fields/field-dsl";

// What the pages API answers (shared by the server and the admin screens).

/** A page as the admin sees it: the current draft (or the published version when there is none). */
export type AdminPage = Omit<Page, "draft" | "fields"> & {
  /** One of the site's own pages (home, a service page, …): cannot be deleted or moved to another slug. */
  builtIn: boolean;
  /** Field name → current draft value (a built-in page's fields; {} for a staff page). */
  fields: AnyFieldValues;
  /** Saved changes the public site does not show yet. */
  hasUnpublishedChanges: boolean;
};

/** One entry of a page's history (GET /api/admin/pages/{id}/revisions). */
export type RevisionSummary = {
  id: number;
  /** 1, 2, 3… within this page: what the history shows (id is what the restore call takes). */
  number: number;
  createdAt: Date;
  username: string | null;
  action: "create" | "save" | "restore";
  restoredFrom: number | null;
  /** The number of the revision restored (null: none, or it has been pruned). */
  restoredFromNumber: number | null;
  changes: PageChange[];
  /** The public page shows this revision. */
  published: boolean;
};
