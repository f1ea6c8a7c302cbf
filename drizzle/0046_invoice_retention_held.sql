CREATE TABLE "invoice_retention_held" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_retention_held_one_row" CHECK ("invoice_retention_held"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "invoices_retention_idx";--> statement-breakpoint
-- Issue 40 item 5: the dashboard's "retention held" reads this one row instead of summing every
-- stage invoice ever issued (12 ms a load at 50,000 documents). Triggers keep it, as
-- lead_daily_counts is kept (0040): every writer of invoices (issuing, crediting, a draft's edits,
-- deletion, demo removal, a script, a restore) moves it in its own transaction with no code of
-- its own. Statement-level with transition tables, so a bulk write adds its rows once; the row is
-- written only when a statement changes the figure (a payment, a draft's edit: nothing).
--
-- What one document holds (+) or gives back (-), excluding VAT: nothing while a draft; a stage or
-- final invoice holds its retention_cents; a retention invoice releases its net; a credit note
-- takes back what the invoice it credits held (its retention_cents) or, crediting a retention
-- invoice (credited_kind), gives the release back. billing-figures.server.ts reads the row.
CREATE FUNCTION invoice_retention_part(
  d_kind text, d_status text, d_retention_cents bigint, d_net_cents bigint, credited_kind text
) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN d_status = 'draft' THEN 0
    WHEN d_kind = 'retention' THEN -d_net_cents
    WHEN d_kind = 'credit-note' THEN CASE WHEN credited_kind = 'retention' THEN d_net_cents ELSE -d_retention_cents END
    ELSE d_retention_cents
  END::bigint
$$;
--> statement-breakpoint
-- The credited document's kind is read from the table, which an AFTER trigger sees as the statement
-- left it (a restore's batch inserts an invoice before or with its credit notes; the kind of an
-- issued document never changes, and an issued document is never deleted: invoices_issued_frozen).
CREATE FUNCTION invoice_retention_held_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint := 0;
  removed bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE invoice_retention_held SET cents = 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(sum(invoice_retention_part(r.kind, r.status, r.retention_cents, r.net_cents,
      (SELECT c.kind FROM invoices c WHERE c.id = r.credits_invoice_id))), 0)
    INTO added FROM new_rows r;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT coalesce(sum(invoice_retention_part(r.kind, r.status, r.retention_cents, r.net_cents,
      (SELECT c.kind FROM invoices c WHERE c.id = r.credits_invoice_id))), 0)
    INTO removed FROM old_rows r;
  END IF;
  IF added <> removed THEN
    UPDATE invoice_retention_held SET cents = cents + added - removed;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_retention_held_insert AFTER INSERT ON "invoices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_retention_held_apply();
--> statement-breakpoint
CREATE TRIGGER invoice_retention_held_update AFTER UPDATE ON "invoices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_retention_held_apply();
--> statement-breakpoint
CREATE TRIGGER invoice_retention_held_delete AFTER DELETE ON "invoices"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_retention_held_apply();
--> statement-breakpoint
-- A truncate (a restore empties every table first) fires no delete trigger: it empties the figure.
CREATE TRIGGER invoice_retention_held_truncate AFTER TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_retention_held_apply();
--> statement-breakpoint
-- The documents stored before this migration.
INSERT INTO invoice_retention_held (id, cents)
SELECT 1, coalesce(sum(invoice_retention_part(i.kind, i.status, i.retention_cents, i.net_cents, c.kind)), 0)
FROM invoices i LEFT JOIN invoices c ON c.id = i.credits_invoice_id;
