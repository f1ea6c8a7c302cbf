CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"path" varchar(300) NOT NULL,
	"source" varchar(100) NOT NULL,
	"campaign" varchar(200) NOT NULL,
	"device" varchar(10) NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "analytics_daily_day_path_source_campaign_device_pk" PRIMARY KEY("day","path","source","campaign","device")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_totals" (
	"day" date NOT NULL,
	"dimension" varchar(10) NOT NULL,
	"key" varchar(300) NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "analytics_daily_totals_day_dimension_key_pk" PRIMARY KEY("day","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_days" (
	"day" date PRIMARY KEY NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	"visits" integer NOT NULL,
	"rolled_up_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"visitor" text NOT NULL,
	"path" varchar(300) NOT NULL,
	"source" varchar(100) NOT NULL,
	"campaign" varchar(200) NOT NULL,
	"device" varchar(10) NOT NULL,
	"views" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_visits" (
	"submission_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"device" varchar(10) NOT NULL,
	"landing_path" varchar(300),
	"source" varchar(100),
	"campaign" varchar(200)
);
--> statement-breakpoint
ALTER TABLE "lead_visits" ADD CONSTRAINT "lead_visits_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_views_day_idx" ON "analytics_views" USING btree ("day","visitor","at");--> statement-breakpoint
CREATE INDEX "lead_visits_day_idx" ON "lead_visits" USING btree ("day");