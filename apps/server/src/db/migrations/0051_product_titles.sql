-- The search of products by name reads a trigram index of each partner's distinct titles instead of one over
-- every product (issue 26). A card's sizes share its title: the old index held it once per size, and an import
-- of 100,000 products spent two fifths of its database time (2.2 s of 5.7 s) extracting and indexing the same
-- trigrams four times. product_titles keeps each (partner, title) once with the number of products bearing
-- it; the search finds the matching titles there and their products by products_title_idx.
CREATE TABLE "product_titles" (
	"partner_id" integer NOT NULL,
	"title" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "product_titles_pk" PRIMARY KEY("partner_id","title")
);
--> statement-breakpoint
INSERT INTO "product_titles" ("partner_id", "title", "n")
  SELECT "partner_id", "title", count(*) FROM "products" GROUP BY 1, 2;
--> statement-breakpoint
DROP INDEX "products_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "product_titles_trgm_idx" ON "product_titles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_title_idx" ON "products" USING btree ("partner_id","title");
--> statement-breakpoint
-- One statement's net change per (partner, title), applied in key order (two writers of one partner's titles
-- take their row locks in the same order); a title no product bears any more is removed. An update that
-- leaves the titles alone nets to nothing and writes nothing.
CREATE FUNCTION product_titles_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone_partners integer[];
  gone_titles text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_titles AS t (partner_id, title, n)
      SELECT partner_id, title, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (partner_id, title) DO UPDATE SET n = t.n + excluded.n;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    WITH up AS (
      INSERT INTO product_titles AS t (partner_id, title, n)
        SELECT partner_id, title, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (partner_id, title) DO UPDATE SET n = t.n + excluded.n
      RETURNING t.partner_id, t.title, t.n)
    SELECT array_agg(partner_id), array_agg(title) INTO gone_partners, gone_titles FROM up WHERE n <= 0;
  ELSE
    WITH up AS (
      INSERT INTO product_titles AS t (partner_id, title, n)
        SELECT partner_id, title, sum(d) FROM (
          SELECT partner_id, title, -1 AS d FROM old_rows
          UNION ALL
          SELECT partner_id, title, 1 AS d FROM new_rows
        ) x GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
      ON CONFLICT (partner_id, title) DO UPDATE SET n = t.n + excluded.n
      RETURNING t.partner_id, t.title, t.n)
    SELECT array_agg(partner_id), array_agg(title) INTO gone_partners, gone_titles FROM up WHERE n <= 0;
  END IF;
  IF gone_partners IS NOT NULL THEN
    DELETE FROM product_titles t USING unnest(gone_partners, gone_titles) AS g(partner_id, title)
     WHERE t.partner_id = g.partner_id AND t.title = g.title AND t.n <= 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_titles_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_titles_apply();
--> statement-breakpoint
CREATE TRIGGER product_titles_upd AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_titles_apply();
--> statement-breakpoint
CREATE TRIGGER product_titles_del AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_titles_apply();
