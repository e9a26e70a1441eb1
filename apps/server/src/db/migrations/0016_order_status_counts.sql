-- Order counts per partner and status (and of them with a discrepancy act), kept by statement-level triggers
-- so that the unfiltered status counts and list totals of a partner with 500,000 orders read a few rows.
CREATE TABLE "order_status_counts" (
	"partner_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"acts" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_counts_pk" PRIMARY KEY("partner_id","status")
);
--> statement-breakpoint
CREATE INDEX "orders_open_cut_off_idx" ON "orders" USING btree ("partner_id","status","cut_off_at") WHERE status in ('new', 'confirmed', 'awaiting_shipment');--> statement-breakpoint
CREATE FUNCTION order_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO order_status_counts AS c (partner_id, status, n, acts)
      SELECT partner_id, status, -count(*), -count(*) FILTER (WHERE has_discrepancy_act) FROM old_rows GROUP BY 1, 2
    ON CONFLICT (partner_id, status) DO UPDATE SET n = c.n + excluded.n, acts = c.acts + excluded.acts;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO order_status_counts AS c (partner_id, status, n, acts)
      SELECT partner_id, status, count(*), count(*) FILTER (WHERE has_discrepancy_act) FROM new_rows GROUP BY 1, 2
    ON CONFLICT (partner_id, status) DO UPDATE SET n = c.n + excluded.n, acts = c.acts + excluded.acts;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_status_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_status_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_status_counts_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER order_status_counts_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER order_status_counts_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER order_status_counts_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_clear();
--> statement-breakpoint
INSERT INTO order_status_counts (partner_id, status, n, acts)
  SELECT partner_id, status, count(*), count(*) FILTER (WHERE has_discrepancy_act) FROM orders GROUP BY 1, 2;
