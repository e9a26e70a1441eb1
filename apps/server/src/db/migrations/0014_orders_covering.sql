-- Covering indexes for the orders list's totals and status counts (bench/orders.ts): a partner's orders in a
-- date range, with or without a status filter, counted by an index-only scan that also reads search_text for
-- the full-text filter (search_text is capped at 1000 characters so an index tuple always fits).
CREATE INDEX IF NOT EXISTS "orders_partner_status_created_cov_idx" ON "orders" USING btree ("partner_id","status","created_at") INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_partner_created_cov_idx" ON "orders" USING btree ("partner_id","created_at") INCLUDE ("status","cut_off_at","has_discrepancy_act","search_text");
