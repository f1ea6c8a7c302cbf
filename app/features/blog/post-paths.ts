/** A post's public address. Browser and server share this file. */
export const postPath = (slug: string) => `/blog/${slug}`;

/** The blog index's address for a page of posts (page 1 is /blog itself). */
export const blogPagePath = (page: number) => (page <= 1 ? "/blog" : `/blog?page=${page}`);

/** Posts per page of the blog index. */
export const POSTS_PER_PAGE = 10;
