-- The covering indexes of 0014 also carry the order id (the list pages through them, then reads 20 rows)
-- and the other filter columns, so a filtered page and its total are index-only scans.
DROP INDEX IF EXISTS "orders_partner_created_cov_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_partner_status_created_cov_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_partner_status_created_cov_idx" ON "orders" USING btree ("partner_id","status","created_at") INCLUDE ("id","country","delivery_date","cut_off_at","has_discrepancy_act","search_text");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_partner_created_cov_idx" ON "orders" USING btree ("partner_id","created_at") INCLUDE ("id","status","country","delivery_date","cut_off_at","has_discrepancy_act","search_text");
