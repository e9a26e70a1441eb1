CREATE TABLE "fbs_shipment_counts" (
	"partner_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "fbs_shipment_counts_pk" PRIMARY KEY("partner_id","status")
);
--> statement-breakpoint
-- Kept by statement-level triggers (as order_status_counts, 0016): an update nets the old and the new rows per
-- (partner, status) and writes only where a status moved, so the counters' recounts touch no count row.
CREATE FUNCTION fbs_shipment_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO fbs_shipment_counts AS c (partner_id, status, n)
      SELECT partner_id, status, count(*) FROM new_rows GROUP BY 1, 2
    ON CONFLICT (partner_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO fbs_shipment_counts AS c (partner_id, status, n)
      SELECT partner_id, status, -count(*) FROM old_rows GROUP BY 1, 2
    ON CONFLICT (partner_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO fbs_shipment_counts AS c (partner_id, status, n)
      SELECT partner_id, status, sum(d) FROM (
        SELECT partner_id, status, -1 AS d FROM old_rows
        UNION ALL
        SELECT partner_id, status, 1 AS d FROM new_rows
      ) x GROUP BY 1, 2 HAVING sum(d) <> 0
    ON CONFLICT (partner_id, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION fbs_shipment_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM fbs_shipment_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fbs_shipment_counts_ins AFTER INSERT ON fbs_shipments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbs_shipment_counts_apply();
--> statement-breakpoint
CREATE TRIGGER fbs_shipment_counts_upd AFTER UPDATE ON fbs_shipments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbs_shipment_counts_apply();
--> statement-breakpoint
CREATE TRIGGER fbs_shipment_counts_del AFTER DELETE ON fbs_shipments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbs_shipment_counts_apply();
--> statement-breakpoint
CREATE TRIGGER fbs_shipment_counts_truncate AFTER TRUNCATE ON fbs_shipments
  FOR EACH STATEMENT EXECUTE FUNCTION fbs_shipment_counts_clear();
--> statement-breakpoint
INSERT INTO fbs_shipment_counts (partner_id, status, n)
  SELECT partner_id, status, count(*) FROM fbs_shipments GROUP BY 1, 2;
