-- The search's inverted index for a partner's rare pieces of text (docs/performance.md, «Orders list», issue 26).
-- Each order's search text gives one key per 3-character substring, the partner's id hashed into it, so a key's
-- posting list holds only that partner's orders. A search whose rarest pieces are rare for the partner (an order
-- number, a SKU) reads the orders holding them instead of walking every order of the date range through the
-- covering index; strpos still decides. Which pieces are rare is the server's call (orders.search-keys.ts): a
-- common word keeps the covering index. fastupdate off: a pending list would be read by every search.
CREATE FUNCTION order_search_keys(p integer, s text) RETURNS integer[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT hashtext(p::text || ':' || substr(s, i, 3))), '{}')
          FROM generate_series(1, char_length(s) - 2) i $$;
--> statement-breakpoint
-- The keys of chosen pieces (3 characters each) of one partner's search, as the index holds them.
CREATE FUNCTION order_search_keys_of(p integer, pieces text[]) RETURNS integer[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT hashtext(p::text || ':' || g)), '{}') FROM unnest(pieces) g $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_search_keys_idx" ON "orders" USING gin (order_search_keys("partner_id", "search_text")) WITH (fastupdate = off);
