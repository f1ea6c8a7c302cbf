CREATE TABLE "not_found_log" (
	"path" varchar(500) PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"referrer" varchar(500),
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"excerpt" text NOT NULL,
	"content" text NOT NULL,
	"cover_image" varchar(255),
	"cover_image_alt" varchar(255),
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "posts_status_values" CHECK ("posts"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_path" varchar(500) NOT NULL,
	"to_path" varchar(2000) NOT NULL,
	"permanent" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_from_path_unique" UNIQUE("from_path")
);
--> statement-breakpoint
CREATE INDEX "not_found_log_hits_idx" ON "not_found_log" USING btree ("hits","last_seen_at");--> statement-breakpoint
CREATE INDEX "not_found_log_seen_idx" ON "not_found_log" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "posts_published_idx" ON "posts" USING btree ("published_at","id") WHERE "posts"."status" = 'published';