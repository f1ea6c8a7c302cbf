CREATE TABLE "quote_acceptances" (
	"quote_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	"selected" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"signature" text
);
--> statement-breakpoint
CREATE TABLE "quote_numbers" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_reminders" (
	"quote_id" integer NOT NULL,
	"reminder" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent" boolean NOT NULL,
	CONSTRAINT "quote_reminders_quote_id_reminder_pk" PRIMARY KEY("quote_id","reminder")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"number" text NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"client" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"vat_mode" text DEFAULT 'standard' NOT NULL,
	"valid_until" date NOT NULL,
	"deposit_percent" double precision DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"totals" jsonb NOT NULL,
	"net_cents" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	CONSTRAINT "quotes_number_unique" UNIQUE("number"),
	CONSTRAINT "quotes_token_unique" UNIQUE("token"),
	CONSTRAINT "quotes_status_valid" CHECK ("quotes"."status" in ('draft', 'sent', 'viewed', 'accepted', 'declined')),
	CONSTRAINT "quotes_vat_mode_valid" CHECK ("quotes"."vat_mode" in ('standard', 'reverse-charge')),
	CONSTRAINT "quotes_deposit_range" CHECK ("quotes"."deposit_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD CONSTRAINT "quote_acceptances_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_reminders" ADD CONSTRAINT "quote_reminders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_submission_idx" ON "quotes" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_open_idx" ON "quotes" USING btree ("sent_at") WHERE "quotes"."status" in ('sent', 'viewed');