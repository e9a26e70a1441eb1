CREATE TABLE "price_index_counts" (
	"partner_id" integer NOT NULL,
	"level" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "price_index_counts_partner_id_level_pk" PRIMARY KEY("partner_id","level")
);
--> statement-breakpoint
-- The index value of a pi_value (PRICE_INDEX_RULES: up to 1 %, up to 20 %, beyond; none without a competitor).
CREATE OR REPLACE FUNCTION price_index_level(pi numeric) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN pi IS NULL THEN 'UNCOUNTED' WHEN pi <= 1 THEN 'OPTIMAL' WHEN pi <= 20 THEN 'AVERAGE'
              ELSE 'OVERPRICED' END
$$;
--> statement-breakpoint
CREATE FUNCTION price_index_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO price_index_counts AS c (partner_id, level, n)
      SELECT partner_id, price_index_level(pi_value), -count(*) FROM old_rows WHERE NOT archived GROUP BY 1, 2
    ON CONFLICT (partner_id, level) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO price_index_counts AS c (partner_id, level, n)
      SELECT partner_id, price_index_level(pi_value), count(*) FROM new_rows WHERE NOT archived GROUP BY 1, 2
    ON CONFLICT (partner_id, level) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER price_index_counts_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION price_index_counts_apply();
--> statement-breakpoint
CREATE TRIGGER price_index_counts_upd AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION price_index_counts_apply();
--> statement-breakpoint
CREATE TRIGGER price_index_counts_del AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION price_index_counts_apply();
--> statement-breakpoint
INSERT INTO price_index_counts (partner_id, level, n)
  SELECT partner_id, price_index_level(pi_value), count(*) FROM products WHERE NOT archived GROUP BY 1, 2;
