CREATE TABLE "price_list" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"items" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"minimum_charge_eur" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_single_row" CHECK ("price_list"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "estimate" jsonb;