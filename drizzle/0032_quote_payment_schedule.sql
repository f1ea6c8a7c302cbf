ALTER TABLE "quote_acceptances" ADD COLUMN "payments" jsonb DEFAULT '{"depositPercent":0,"stages":[{"label":"On completion","percent":100}],"retentionPercent":0,"defectsMonths":12}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "payments" jsonb DEFAULT '{"depositPercent":0,"stages":[{"label":"On completion","percent":100}],"retentionPercent":0,"defectsMonths":12}'::jsonb NOT NULL;--> statement-breakpoint
-- Hand-written: quotes made before the schedule keep their deposit with the rest "On completion"
-- (none when the deposit is 100 %), no retention, 12 months' defects; acceptances take their quote's.
UPDATE "quotes" SET "payments" = jsonb_build_object(
  'depositPercent', to_jsonb("deposit_percent"),
  'stages', CASE WHEN "deposit_percent" >= 100 THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object(
    'label', 'On completion', 'percent', round((100 - "deposit_percent")::numeric, 2))) END,
  'retentionPercent', 0,
  'defectsMonths', 12);--> statement-breakpoint
UPDATE "quote_acceptances" a SET "payments" = q."payments" FROM "quotes" q WHERE q."id" = a."quote_id";--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_payments_deposit" CHECK (("quotes"."payments"->>'depositPercent')::float8 = "quotes"."deposit_percent");