CREATE TABLE "lead_daily_counts" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"value_eur" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_daily_counts_kind_day_key_pk" PRIMARY KEY("kind","day","key")
);
--> statement-breakpoint
-- Issue 40 item 5: the dashboard's lead statistics sum this per-day table instead of reading every
-- lead. Triggers keep it, so every writer of contact_submissions (the intake paths, changeLead,
-- quarantine, deletion, retention, demo removal, a merge, a script, a restore) moves it in its own
-- transaction with no code of its own: one writer that no later path can forget. Statement-level
-- with transition tables, so a bulk write (a seed, a purge) updates each counted row once.
--
-- What one lead adds, by the Irish day it arrived (won: the day it was won); quarantined spam adds
-- nothing. Keep in step with app/db/schema/lead-stats.ts and features/admin/leads/lead-stats.server.ts.
CREATE FUNCTION lead_daily_parts(
  l_created_at timestamptz, l_spam boolean, l_status text, l_source text, l_service text, l_value_eur integer,
  l_contacted_at timestamptz, l_quoted_at timestamptz, l_won_at timestamptz, l_referrer text, l_utm jsonb
) RETURNS TABLE (kind text, day date, key text, value_eur bigint) LANGUAGE sql STABLE AS $$
  WITH a AS (SELECT (l_created_at AT TIME ZONE 'Europe/Dublin')::date AS day WHERE NOT l_spam)
  SELECT 'status', a.day, l_status, coalesce(l_value_eur, 0)::bigint FROM a
  UNION ALL SELECT 'source', a.day, l_source, 0 FROM a
  UNION ALL SELECT 'service', a.day, coalesce(l_service, ''), 0 FROM a
  UNION ALL SELECT 'reached', a.day, 'contacted', 0 FROM a WHERE l_contacted_at IS NOT NULL
  UNION ALL SELECT 'reached', a.day, 'quoted', 0 FROM a WHERE l_quoted_at IS NOT NULL
  UNION ALL SELECT 'first-contact', a.day, round(extract(epoch FROM l_contacted_at - l_created_at) / 360)::bigint::text, 0
    FROM a WHERE l_contacted_at IS NOT NULL
  UNION ALL SELECT 'referrer', a.day,
    coalesce(substring(l_referrer FROM '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:www\.)?([^/:?#]+)'), l_referrer), 0
    FROM a WHERE l_referrer IS NOT NULL
  UNION ALL SELECT 'campaign', a.day, l_utm ->> 'utm_campaign', 0 FROM a WHERE l_utm ->> 'utm_campaign' IS NOT NULL
  UNION ALL SELECT 'won', (l_won_at AT TIME ZONE 'Europe/Dublin')::date, '', coalesce(l_value_eur, 0)::bigint
    FROM a WHERE l_status = 'won' AND l_won_at IS NOT NULL
$$;
--> statement-breakpoint
-- Adds the rows a statement inserted, takes away those it deleted, and for an update both, netted
-- per counted row so an update that moves no figure (read, assigned, a note) writes nothing. Rows
-- are written in key order, so two transactions never wait on each other's rows crosswise.
CREATE FUNCTION lead_daily_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM lead_daily_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO lead_daily_counts AS c (kind, day, key, leads, value_eur)
    SELECT p.kind, p.day, p.key, count(*), sum(p.value_eur)
    FROM new_rows r, lead_daily_parts(r.created_at, r.spam, r.status, r.source, r.service, r.value_eur,
      r.contacted_at, r.quoted_at, r.won_at, r.referrer, r.utm) p
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (kind, day, key) DO UPDATE SET leads = c.leads + excluded.leads, value_eur = c.value_eur + excluded.value_eur;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_daily_counts AS c (kind, day, key, leads, value_eur)
    SELECT p.kind, p.day, p.key, -count(*), -sum(p.value_eur)
    FROM old_rows r, lead_daily_parts(r.created_at, r.spam, r.status, r.source, r.service, r.value_eur,
      r.contacted_at, r.quoted_at, r.won_at, r.referrer, r.utm) p
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (kind, day, key) DO UPDATE SET leads = c.leads + excluded.leads, value_eur = c.value_eur + excluded.value_eur;
  ELSE
    INSERT INTO lead_daily_counts AS c (kind, day, key, leads, value_eur)
    SELECT d.kind, d.day, d.key, sum(d.sign), sum(d.sign * d.value_eur)
    FROM (
      SELECT -1 AS sign, p.* FROM old_rows r, lead_daily_parts(r.created_at, r.spam, r.status, r.source, r.service,
        r.value_eur, r.contacted_at, r.quoted_at, r.won_at, r.referrer, r.utm) p
      UNION ALL
      SELECT 1, p.* FROM new_rows r, lead_daily_parts(r.created_at, r.spam, r.status, r.source, r.service,
        r.value_eur, r.contacted_at, r.quoted_at, r.won_at, r.referrer, r.utm) p
    ) d
    GROUP BY 1, 2, 3 HAVING sum(d.sign) <> 0 OR sum(d.sign * d.value_eur) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (kind, day, key) DO UPDATE SET leads = c.leads + excluded.leads, value_eur = c.value_eur + excluded.value_eur;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER lead_daily_counts_insert AFTER INSERT ON "contact_submissions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_daily_counts_apply();
--> statement-breakpoint
CREATE TRIGGER lead_daily_counts_update AFTER UPDATE ON "contact_submissions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_daily_counts_apply();
--> statement-breakpoint
CREATE TRIGGER lead_daily_counts_delete AFTER DELETE ON "contact_submissions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_daily_counts_apply();
--> statement-breakpoint
-- A truncate (a restore empties every table first) fires no delete trigger: it empties the counts.
CREATE TRIGGER lead_daily_counts_truncate AFTER TRUNCATE ON "contact_submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION lead_daily_counts_apply();
--> statement-breakpoint
-- The leads stored before this migration.
INSERT INTO lead_daily_counts (kind, day, key, leads, value_eur)
SELECT p.kind, p.day, p.key, count(*), sum(p.value_eur)
FROM contact_submissions r, lead_daily_parts(r.created_at, r.spam, r.status, r.source, r.service, r.value_eur,
  r.contacted_at, r.quoted_at, r.won_at, r.referrer, r.utm) p
GROUP BY 1, 2, 3;
