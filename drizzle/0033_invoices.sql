CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"paid_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"rct_rate" integer,
	"rct_cents" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_method_valid" CHECK ("invoice_payments"."method" in ('transfer', 'card', 'cheque', 'cash')),
	CONSTRAINT "invoice_payments_rct_rate_valid" CHECK ("invoice_payments"."rct_rate" is null or "invoice_payments"."rct_rate" in (0, 20, 35)),
	CONSTRAINT "invoice_payments_amounts" CHECK ("invoice_payments"."amount_cents" >= 0 and "invoice_payments"."rct_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" integer,
	"job_id" integer,
	"reminder" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_once" UNIQUE NULLS NOT DISTINCT("kind","invoice_id","job_id","reminder"),
	CONSTRAINT "invoice_reminders_target" CHECK (("invoice_reminders"."invoice_id" is not null) or ("invoice_reminders"."job_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"stage" integer,
	"release" text,
	"number" text,
	"token" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"client_id" integer NOT NULL,
	"job_id" integer,
	"credits_invoice_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"vat_mode" text DEFAULT 'standard' NOT NULL,
	"lines" jsonb NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat" jsonb NOT NULL,
	"vat_cents" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"retention_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"rct_cents" bigint DEFAULT 0 NOT NULL,
	"credited_cents" bigint DEFAULT 0 NOT NULL,
	"seller" jsonb,
	"buyer" jsonb,
	"issued_on" date,
	"supply_date" date,
	"due_on" date,
	"issued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_token_unique" UNIQUE("token"),
	CONSTRAINT "invoices_kind_valid" CHECK ("invoices"."kind" in ('deposit', 'stage', 'final', 'retention', 'custom', 'credit-note')),
	CONSTRAINT "invoices_status_valid" CHECK ("invoices"."status" in ('draft', 'issued', 'part-paid', 'paid', 'credited')),
	CONSTRAINT "invoices_vat_mode_valid" CHECK ("invoices"."vat_mode" in ('standard', 'reverse-charge')),
	CONSTRAINT "invoices_issued_complete" CHECK (("invoices"."status" = 'draft') = ("invoices"."number" is null) and ("invoices"."status" = 'draft' or ("invoices"."issued_on" is not null and "invoices"."seller" is not null and "invoices"."buyer" is not null))),
	CONSTRAINT "invoices_credit_note_target" CHECK (("invoices"."kind" = 'credit-note') = ("invoices"."credits_invoice_id" is not null)),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."paid_cents" >= 0 and "invoices"."rct_cents" >= 0 and "invoices"."credited_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "payments" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "vat_mode" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_paid_on_idx" ON "invoice_payments" USING btree ("paid_on");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_client_idx" ON "invoices" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_job_idx" ON "invoices" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_on") WHERE "invoices"."status" in ('issued', 'part-paid');--> statement-breakpoint
CREATE INDEX "invoices_issued_on_idx" ON "invoices" USING btree ("issued_on") WHERE "invoices"."status" <> 'draft';--> statement-breakpoint
-- Jobs made before this step take the schedule the client accepted and the quote's VAT mode.
UPDATE "jobs" SET "payments" = qa."payments", "vat_mode" = q."vat_mode"
FROM "quotes" q JOIN "quote_acceptances" qa ON qa."quote_id" = q."id"
WHERE "jobs"."quote_id" = q."id";
