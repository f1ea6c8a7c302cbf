import { Link } from "react-router";
import { ProjectImage } from "~/features/uploads/project-image";
import { postPath } from "./post-paths";

export type PostCardData = {
  slug: string;
  title: string;
  excerpt: string;
  coverImage: string | null;
  datePublished: string;
  dateLabel: string;
  readingMinutes: number;
};

/** A post on the blog index: its picture, date, reading time, title and excerpt. */
export function PostCard({ post, first }: { post: PostCardData; first: boolean }) {
  const path = postPath(post.slug);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-navy-900/10">
      {post.coverImage && (
        <ProjectImage
          src={post.coverImage}
          // The title beside it says what the picture is about.
          alt=""
          sizes="(min-width: 1024px) 600px, 100vw"
          width={1200}
          height={630}
          fetchPriority={first ? "high" : undefined}
          loading={first ? undefined : "lazy"}
          decoding="async"
          className="aspect-[40/21] w-full bg-mist object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm text-slate-brand">
          <time dateTime={post.datePublished}>{post.dateLabel}</time> · {post.readingMinutes} minute read
        </p>
        <h2 className="mt-2 text-2xl font-semibold">
          <Link to={path} className="underline-offset-4 hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="mt-3 flex-1 leading-relaxed text-slate-brand">{post.excerpt}</p>
        <p className="mt-5">
          <Link to={path} className="btn-dark">
            Read the Article<span className="sr-only">: {post.title}</span>
          </Link>
        </p>
      </div>
    </article>
  );
}
