-- The dashboard's billing figures and the invoice lists read invoices and payments by index-only
-- scans (invoices_due_idx, invoices_retention_idx, invoice_payments_paid_on_idx), which need the
-- visibility map to be current. With the default thresholds (20 % of the rows changed) 1,000
-- invoices issued at once left it stale until thousands more changes, and the retention sum read
-- all 51,000 invoices: 50 ms against 12 after a vacuum (issue 40 item 5). Vacuum these two tables
-- after about 1 % of their rows change or are added.
ALTER TABLE "invoices" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 200, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_insert_threshold = 200);--> statement-breakpoint
ALTER TABLE "invoice_payments" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 200, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_insert_threshold = 200);
