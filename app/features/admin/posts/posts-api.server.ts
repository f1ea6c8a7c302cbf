import type { Router } from "express";
import { quoted } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { contentResourceApi } from "../list/content-api.server";
import { createPost, deletePost, getPost, listPosts, updatePost } from "./posts.server";

/** /api/admin/posts (list, create) and /api/admin/posts/{id} (get, update, delete). */
export function postsApi(services: AppServices): Router {
  return contentResourceApi(services, {
    path: "/api/admin/posts",
    noun: "post",
    auditType: "post",
    describe: (row) => `blog post ${quoted(row.title)}`,
    list: (db) => listPosts(db),
    get: getPost,
    create: createPost,
    update: updatePost,
    remove: deletePost,
  });
}
