-- Product counts per partner, status and archive flag, kept by statement-level triggers so that the status
-- tabs of a partner with 100,000 products are read from a handful of rows instead of counting them.
CREATE TABLE "product_counts" (
	"partner_id" integer NOT NULL,
	"status" text NOT NULL,
	"archived" boolean NOT NULL,
	"n" bigint NOT NULL DEFAULT 0,
	CONSTRAINT "product_counts_pk" PRIMARY KEY ("partner_id", "status", "archived")
);
--> statement-breakpoint
CREATE FUNCTION product_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO product_counts AS c (partner_id, status, archived, n)
      SELECT partner_id, status, archived, -count(*) FROM old_rows GROUP BY 1, 2, 3
    ON CONFLICT (partner_id, status, archived) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO product_counts AS c (partner_id, status, archived, n)
      SELECT partner_id, status, archived, count(*) FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (partner_id, status, archived) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_counts_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_apply();
--> statement-breakpoint
CREATE TRIGGER product_counts_upd AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_apply();
--> statement-breakpoint
CREATE TRIGGER product_counts_del AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_apply();
--> statement-breakpoint
INSERT INTO product_counts (partner_id, status, archived, n)
  SELECT partner_id, status, archived, count(*) FROM products GROUP BY 1, 2, 3;
