import type { Post } from "~/db/schema";
import { postPath } from "~/features/blog/post-paths";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { ListLoadError, type Column } from "../list/admin-list";
import { containsText } from "../list/content-list";
import { contentListLoader } from "../list/content-list.server";
import { ResourceList } from "../list/resource-list";
import { Thumbnail } from "../list/thumbnail";
import type { Route } from "./+types/posts-list";
import { PostFields } from "./post-form";
import { dublinDate, POST_STATUSES, postPayload, PostSchema } from "~/features/blog/posts-schema";
import { listPosts } from "./posts.server";
import { DemoBadge } from "../demo/demo-badge";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Blog Posts");

const NAMES = { one: "post", many: "posts", One: "Post", Many: "Blog Posts" };

export const loader = contentListLoader({
  page: "/admin/posts",
  list: async (db, status) => (await listPosts(db)).filter((p) => !status || p.status === status),
  matches: (p, q) => containsText(q, p.title, p.slug, p.excerpt),
  extra: (services) => ({ uploadMaxBytes: services.env.UPLOAD_MAX_BYTES }),
});

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

const columns: Array<Column<Post>> = [
  {
    header: "Title",
    cell: (p) => (
      <span className="flex items-center gap-3">
        {p.coverImage && <Thumbnail src={p.coverImage} />}
        <span>
          <span className="block font-semibold">
            {p.title}
            <DemoBadge demo={p.demo} />
          </span>
          <span className="block text-sm text-slate-brand">{postPath(p.slug)}</span>
        </span>
      </span>
    ),
  },
  {
    header: "Status",
    cell: (p) =>
      p.status === "published" ? (
        <a
          href={postPath(p.slug)}
          className="inline-block rounded-full bg-teal-brand/10 px-2.5 py-0.5 text-sm font-semibold text-teal-brand underline-offset-4 hover:underline"
        >
          Published<span className="sr-only">: view {p.title} on the website</span>
        </a>
      ) : (
        <span className="inline-block rounded-full bg-mist px-2.5 py-0.5 text-sm font-semibold text-navy-900">
          Draft
        </span>
      ),
  },
  { header: "Date", cell: (p) => (p.publishedAt ? dublinDate(p.publishedAt) : "Not published") },
];

const filter = { label: "Status", allLabel: "All posts", options: POST_STATUSES };

export default function PostsList({ loaderData }: Route.ComponentProps) {
  return (
    <ResourceList
      names={NAMES}
      endpoint="/api/admin/posts"
      intro="Articles on the blog (/blog) and in its RSS feed. Drafts stay off the website until you publish them."
      data={loaderData}
      columns={columns}
      rowLabel={(p) => p.title}
      searchHint="title, slug or excerpt"
      filter={filter}
      schema={PostSchema}
      payload={postPayload}
      fields={(props) => <PostFields {...props} uploadMaxBytes={loaderData.uploadMaxBytes} />}
    />
  );
}
