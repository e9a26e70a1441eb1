-- A 64-bit signature of an order's search text: one bit per hashed 3-character substring. A search word's
-- substrings are a subset of those of any text holding it, so `sig & sig(word) = sig(word)` never drops a
-- match and skips most non-matching orders before the exact substring test. It is a key column of the
-- covering index of a partner's orders by status and date, so the list and the counts read it from index
-- tuples (the planner substitutes the stored value) instead of running strpos on every candidate. Both
-- covering indexes carry it: computed on a heap row it costs ~10 µs, so a plan must not have to recompute it.
-- COST 1: what reading it from an index tuple costs.
CREATE FUNCTION order_search_sig(s text) RETURNS bigint
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1
  AS $$ SELECT coalesce(bit_or(1::bigint << (hashtext(substr(s, i, 3)) & 63)), 0)
          FROM generate_series(1, char_length(s) - 2) i $$;
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_partner_status_created_cov_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_partner_status_created_cov_idx" ON "orders" USING btree ("partner_id","status","created_at",order_search_sig("search_text")) INCLUDE ("id","country","delivery_date","cut_off_at","has_discrepancy_act","search_text");
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_partner_created_cov_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_partner_created_cov_idx" ON "orders" USING btree ("partner_id","created_at",order_search_sig("search_text")) INCLUDE ("id","status","country","delivery_date","cut_off_at","has_discrepancy_act","search_text");
