CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "page_revisions" ADD COLUMN "number" integer;--> statement-breakpoint
-- Existing revisions are numbered 1, 2, 3... per page in the order they were made.
UPDATE "page_revisions" SET "number" = numbered.n
FROM (SELECT "id", row_number() OVER (PARTITION BY "page_id" ORDER BY "id") AS n FROM "page_revisions") AS numbered
WHERE "page_revisions"."id" = numbered."id";--> statement-breakpoint
ALTER TABLE "page_revisions" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "previous_sign_in_at" timestamp with time zone;--> statement-breakpoint
-- Anyone who has signed in before is not on a first visit.
UPDATE "users" SET "previous_sign_in_at" = "last_sign_in_at";--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "page_revisions_page_number_idx" ON "page_revisions" USING btree ("page_id","number");