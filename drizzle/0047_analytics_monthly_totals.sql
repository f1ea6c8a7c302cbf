CREATE TABLE "analytics_monthly_totals" (
	"month" date NOT NULL,
	"dimension" varchar(10) NOT NULL,
	"key" varchar(300) NOT NULL,
	"views" bigint NOT NULL,
	"visitors" bigint NOT NULL,
	"entries" bigint NOT NULL,
	CONSTRAINT "analytics_monthly_totals_month_dimension_key_pk" PRIMARY KEY("month","dimension","key")
);
--> statement-breakpoint
-- Issue 40 item 5: a visitors report reads its range's whole months from here, a dozen rows a key
-- for a year instead of 365 (14,560 rows summed on every load of a busy site's year). Triggers keep
-- it, as lead_daily_counts (0040) and invoice_retention_held (0046) are kept: the daily roll-up, a
-- restore and a script all move it in their own transaction. Statement-level with transition
-- tables; rows are written in key order, so two transactions never wait on each other crosswise.
CREATE FUNCTION analytics_monthly_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM analytics_monthly_totals;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_monthly_totals AS m (month, dimension, key, views, visitors, entries)
    SELECT date_trunc('month', r.day)::date, r.dimension, r.key, sum(r.views), sum(r.visitors), sum(r.entries)
    FROM new_rows r
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (month, dimension, key) DO UPDATE SET views = m.views + excluded.views,
      visitors = m.visitors + excluded.visitors, entries = m.entries + excluded.entries;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_monthly_totals AS m (month, dimension, key, views, visitors, entries)
    SELECT date_trunc('month', r.day)::date, r.dimension, r.key, -sum(r.views), -sum(r.visitors), -sum(r.entries)
    FROM old_rows r
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (month, dimension, key) DO UPDATE SET views = m.views + excluded.views,
      visitors = m.visitors + excluded.visitors, entries = m.entries + excluded.entries;
    DELETE FROM analytics_monthly_totals WHERE views = 0 AND visitors = 0 AND entries = 0;
  ELSE
    INSERT INTO analytics_monthly_totals AS m (month, dimension, key, views, visitors, entries)
    SELECT d.month, d.dimension, d.key, sum(d.views), sum(d.visitors), sum(d.entries)
    FROM (
      SELECT date_trunc('month', r.day)::date AS month, r.dimension, r.key, r.views, r.visitors, r.entries FROM new_rows r
      UNION ALL
      SELECT date_trunc('month', r.day)::date, r.dimension, r.key, -r.views, -r.visitors, -r.entries FROM old_rows r
    ) d
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (month, dimension, key) DO UPDATE SET views = m.views + excluded.views,
      visitors = m.visitors + excluded.visitors, entries = m.entries + excluded.entries;
    DELETE FROM analytics_monthly_totals WHERE views = 0 AND visitors = 0 AND entries = 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_monthly_totals_insert AFTER INSERT ON "analytics_daily_totals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_monthly_totals_apply();
--> statement-breakpoint
CREATE TRIGGER analytics_monthly_totals_update AFTER UPDATE ON "analytics_daily_totals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_monthly_totals_apply();
--> statement-breakpoint
CREATE TRIGGER analytics_monthly_totals_delete AFTER DELETE ON "analytics_daily_totals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_monthly_totals_apply();
--> statement-breakpoint
-- A truncate (a restore empties every table first) fires no delete trigger: it empties the months.
CREATE TRIGGER analytics_monthly_totals_truncate AFTER TRUNCATE ON "analytics_daily_totals"
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_monthly_totals_apply();
--> statement-breakpoint
-- The days rolled up before this migration.
INSERT INTO analytics_monthly_totals (month, dimension, key, views, visitors, entries)
SELECT date_trunc('month', day)::date, dimension, key, sum(views), sum(visitors), sum(entries)
FROM analytics_daily_totals
GROUP BY 1, 2, 3;
