-- Issue 38: an issued invoice or credit note never changes (corrections are credit notes), enforced
-- here as well as in features/invoices so no other writer (a script, a later feature) can alter
-- one. Once a row is not a draft, what it prints is frozen: number, kind, lines, parts, totals,
-- VAT mode, parties, dates, reason and the invoice a credit note credits. Status, the paid, RCT and
-- credited sums, sent time and the references (a client merge moves client_id) may still change;
-- it can never return to draft, and it cannot be deleted.
CREATE FUNCTION invoices_issued_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'invoice % is issued and cannot be deleted', OLD.number USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status <> 'draft' AND (
    NEW.status = 'draft'
    OR (NEW.number, NEW.kind, NEW.stage, NEW.release, NEW.credits_invoice_id, NEW.reason, NEW.vat_mode,
        NEW.lines, NEW.parts, NEW.net_cents, NEW.vat, NEW.vat_cents, NEW.gross_cents, NEW.retention_cents,
        NEW.seller, NEW.buyer, NEW.issued_on, NEW.supply_date, NEW.due_on, NEW.issued_at)
      IS DISTINCT FROM
       (OLD.number, OLD.kind, OLD.stage, OLD.release, OLD.credits_invoice_id, OLD.reason, OLD.vat_mode,
        OLD.lines, OLD.parts, OLD.net_cents, OLD.vat, OLD.vat_cents, OLD.gross_cents, OLD.retention_cents,
        OLD.seller, OLD.buyer, OLD.issued_on, OLD.supply_date, OLD.due_on, OLD.issued_at)
  ) THEN
    RAISE EXCEPTION 'invoice % is issued and cannot be changed: issue a credit note', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_issued_frozen BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION invoices_issued_frozen();
