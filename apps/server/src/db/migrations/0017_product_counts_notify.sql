-- The status tabs' counts are cached per server process (NotifiedCache in db/notifications.ts); every change
-- to a partner's row of product_counts announces the partner on 'product_counts_changed' (delivered after
-- commit, once per transaction and partner) so that every process drops its copy.
-- An update of products now writes only the net change per (partner, status, archived): a price or stock
-- edit that leaves status and archive alone no longer rewrites product_counts nor announces anything.
CREATE OR REPLACE FUNCTION product_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO product_counts AS c (partner_id, status, archived, n)
      SELECT partner_id, status, archived, sum(d) FROM (
        SELECT partner_id, status, archived, -1 AS d FROM old_rows
        UNION ALL
        SELECT partner_id, status, archived, 1 AS d FROM new_rows
      ) x GROUP BY 1, 2, 3 HAVING sum(d) <> 0
    ON CONFLICT (partner_id, status, archived) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_counts AS c (partner_id, status, archived, n)
      SELECT partner_id, status, archived, -count(*) FROM old_rows GROUP BY 1, 2, 3
    ON CONFLICT (partner_id, status, archived) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO product_counts AS c (partner_id, status, archived, n)
      SELECT partner_id, status, archived, count(*) FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (partner_id, status, archived) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_counts_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('product_counts_changed', (CASE WHEN TG_OP = 'DELETE' THEN OLD.partner_id ELSE NEW.partner_id END)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_counts_changed AFTER INSERT OR UPDATE OR DELETE ON product_counts
  FOR EACH ROW EXECUTE FUNCTION product_counts_notify();
