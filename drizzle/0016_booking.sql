CREATE TABLE "booking_claims" (
	"staff_id" integer NOT NULL,
	"block_start" timestamp with time zone NOT NULL,
	"booking_id" integer NOT NULL,
	CONSTRAINT "booking_claims_staff_id_block_start_pk" PRIMARY KEY("staff_id","block_start")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"staff_id" integer,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"token" text NOT NULL,
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"location" text NOT NULL,
	"eircode" text,
	"address" text,
	"out_of_area" boolean DEFAULT false NOT NULL,
	"remind_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "bookings_token_unique" UNIQUE("token"),
	CONSTRAINT "bookings_uid_unique" UNIQUE("uid"),
	CONSTRAINT "bookings_status_valid" CHECK ("bookings"."status" in ('booked', 'cancelled')),
	CONSTRAINT "bookings_times_ordered" CHECK ("bookings"."start_at" < "bookings"."end_at" and "bookings"."end_at" <= "bookings"."blocked_until")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "staff_availability" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"surveys" boolean DEFAULT false NOT NULL,
	"hours" jsonb NOT NULL,
	"days_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"survey_minutes" integer NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"notice_hours" integer NOT NULL,
	"horizon_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_settings_single_row" CHECK ("survey_settings"."id" = 1),
	CONSTRAINT "survey_settings_horizon" CHECK ("survey_settings"."horizon_days" between 1 and 180)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "ical_event" jsonb;--> statement-breakpoint
ALTER TABLE "booking_claims" ADD CONSTRAINT "booking_claims_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_claims" ADD CONSTRAINT "booking_claims_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_availability" ADD CONSTRAINT "staff_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_claims_booking_idx" ON "booking_claims" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "bookings_start_idx" ON "bookings" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "bookings_staff_start_idx" ON "bookings" USING btree ("staff_id","start_at");--> statement-breakpoint
CREATE INDEX "bookings_submission_idx" ON "bookings" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "bookings_remind_idx" ON "bookings" USING btree ("remind_at") WHERE "bookings"."remind_at" is not null;