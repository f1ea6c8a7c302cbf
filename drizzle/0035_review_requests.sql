CREATE TABLE "review_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"token" text NOT NULL,
	"to_address" text NOT NULL,
	"requested_by" integer,
	"sent_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"reminders" integer DEFAULT 0 NOT NULL,
	"testimonial_id" integer,
	"answer_name" text,
	"answer_company" text,
	CONSTRAINT "review_requests_token_unique" UNIQUE("token"),
	CONSTRAINT "review_requests_reminders_range" CHECK ("review_requests"."reminders" between 0 and 10)
);
--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_testimonial_id_testimonials_id_fk" FOREIGN KEY ("testimonial_id") REFERENCES "public"."testimonials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_requests_client_idx" ON "review_requests" USING btree ("client_id","sent_at");--> statement-breakpoint
CREATE INDEX "review_requests_open_idx" ON "review_requests" USING btree ("sent_at") WHERE "review_requests"."answered_at" is null and "review_requests"."declined_at" is null;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_status_valid" CHECK ("testimonials"."status" in ('pending', 'published', 'hidden'));