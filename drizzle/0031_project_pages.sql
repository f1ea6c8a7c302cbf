ALTER TABLE "projects" ADD COLUMN "slug" varchar(120);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "area" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "area_slug" varchar(40);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "sector" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "services" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "duration" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "scope" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "consent_by" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Hand-written in the schema's place (content.ts cannot import jobs.ts: a cycle).
ALTER TABLE "projects" ADD CONSTRAINT "projects_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_status_area_idx" ON "projects" USING btree ("status","area_slug");--> statement-breakpoint
-- Data step (hand-written): each existing project gets a slug from its title (its id appended where
-- an earlier project has the same one), its single image becomes photos[0] (an upload's size from the
-- uploads table, else the 800 x 600 of the site's own images), and it stays public as it was.
UPDATE "projects" SET "slug" = coalesce(nullif(left(trim(both '-' from regexp_replace(lower("title"), '[^a-z0-9]+', '-', 'g')), 100), ''), 'project');--> statement-breakpoint
UPDATE "projects" p SET "slug" = p."slug" || '-' || p."id" WHERE EXISTS (SELECT 1 FROM "projects" q WHERE q."slug" = p."slug" AND q."id" < p."id");--> statement-breakpoint
UPDATE "projects" p SET "photos" = jsonb_build_array(jsonb_build_object(
  'uploadId', u."id", 'src', p."image_src", 'alt', p."alt_text",
  'width', coalesce(least(u."width", 1200), 800),
  'height', coalesce(round(u."height" * least(u."width", 1200)::numeric / u."width")::int, 600)))
FROM "projects" p2 LEFT JOIN "uploads" u ON u."id" = substring(p2."image_src" from '^/uploads/([a-f0-9]{16})-')
WHERE p2."id" = p."id";--> statement-breakpoint
UPDATE "projects" SET "status" = 'published', "published_at" = "created_at";--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_status_valid" CHECK ("projects"."status" in ('draft', 'published'));