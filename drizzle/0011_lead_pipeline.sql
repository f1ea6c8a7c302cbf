CREATE TABLE "contact_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" text,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digest_runs" (
	"day" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recipients" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"auto_reply_enabled" boolean DEFAULT true NOT NULL,
	"auto_reply_subject" text,
	"auto_reply_body" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "value_eur" integer;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "follow_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "quoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "won_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "body_html" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "kind" text DEFAULT 'notification' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_notes" ADD CONSTRAINT "contact_notes_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_notes" ADD CONSTRAINT "contact_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_events_submission_idx" ON "contact_events" USING btree ("submission_id","at");--> statement-breakpoint
CREATE INDEX "contact_notes_submission_idx" ON "contact_notes" USING btree ("submission_id","created_at");--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_submissions_status_idx" ON "contact_submissions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_submissions_assignee_idx" ON "contact_submissions" USING btree ("assignee_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_submissions_follow_up_idx" ON "contact_submissions" USING btree ("follow_up_at") WHERE "contact_submissions"."follow_up_at" is not null and "contact_submissions"."status" not in ('won', 'lost');--> statement-breakpoint
CREATE INDEX "contact_submissions_won_idx" ON "contact_submissions" USING btree ("won_at") WHERE "contact_submissions"."status" = 'won';--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_auto_reply_once_idx" ON "email_outbox" USING btree ("submission_id") WHERE "email_outbox"."kind" = 'auto-reply';--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_status_valid" CHECK ("contact_submissions"."status" in ('new', 'contacted', 'quoted', 'won', 'lost'));--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_value_nonnegative" CHECK ("contact_submissions"."value_eur" >= 0);