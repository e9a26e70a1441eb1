-- Kept counts of a large partner's orders per word of their search text, Moscow day of creation and status
-- (issue 26: the orders list searching a common word, «платье», at a quarter of the PostgreSQL work). A search
-- that holds no ASCII non-letter occurs inside one word of any text holding it; when exactly one of the
-- partner's words holds it, the list's total and the counts by status are summed from these rows instead of
-- walking every order of the range (orders.search-words.ts). Only partners keyed in order_search_partners are
-- kept: a small partner's words would cost a row per order and word, and its range is short to walk.
CREATE TABLE "order_search_partners" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_search_word_days" (
	"partner_id" integer NOT NULL,
	"word" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	"acts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_search_word_days_pk" PRIMARY KEY("partner_id","word","day","status")
);
--> statement-breakpoint
CREATE TABLE "order_search_words" (
	"partner_id" integer NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "order_search_words_pk" PRIMARY KEY("partner_id","word")
);
--> statement-breakpoint
CREATE INDEX "order_search_words_trgm_idx" ON "order_search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- The words of a search text: runs of characters other than ASCII non-letters (digits, spaces and ASCII
-- punctuation cut them; every other character, Cyrillic included, belongs to a word).
CREATE FUNCTION order_text_words(s text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT w), '{}')
          FROM regexp_split_to_table(s, '[\x01-\x40\x5b-\x60\x7b-\x7f]+') w WHERE w <> '' $$;
--> statement-breakpoint
-- Moves the kept counts by the given orders (one entry per order: +1 for its new state, -1 for its old one;
-- a: it has a discrepancy act). Rows are taken in key order, so two writers never lock them crosswise.
CREATE FUNCTION order_search_words_move(p integer[], t text[], s text[], c timestamptz[], a boolean[], d integer[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_search_words (partner_id, word)
    SELECT DISTINCT r.p, w FROM unnest(p, t, d) r(p, t, d), unnest(order_text_words(r.t)) w
     WHERE r.d > 0 ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  INSERT INTO order_search_word_days AS k (partner_id, word, day, status, n, acts)
    SELECT r.p, w, (r.c AT TIME ZONE 'Europe/Moscow')::date, r.s, sum(r.d), coalesce(sum(r.d) FILTER (WHERE r.a), 0)
      FROM unnest(p, t, s, c, a, d) r(p, t, s, c, a, d), unnest(order_text_words(r.t)) w
     GROUP BY 1, 2, 3, 4 HAVING sum(r.d) <> 0 OR sum(r.d) FILTER (WHERE r.a) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (partner_id, word, day, status) DO UPDATE SET n = k.n + excluded.n, acts = k.acts + excluded.acts;
$$;
--> statement-breakpoint
-- Statement-level, as order_status_counts (0016). Each writer first takes its partners' lock shared: keying a
-- partner (orders.search-words.ts) takes it exclusively, so a write either ends before the keying reads the
-- orders, or waits and then sees the partner keyed (each statement here takes a new snapshot).
CREATE FUNCTION order_search_words_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_advisory_xact_lock_shared(hashtext('orders:search-words'), x.partner_id)
       FROM (SELECT DISTINCT partner_id FROM new_rows) x;
    PERFORM order_search_words_move(array_agg(r.partner_id), array_agg(r.search_text), array_agg(r.status),
                                    array_agg(r.created_at), array_agg(r.has_discrepancy_act), array_agg(1))
       FROM new_rows r WHERE r.partner_id IN (SELECT partner_id FROM order_search_partners) HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_advisory_xact_lock_shared(hashtext('orders:search-words'), x.partner_id)
       FROM (SELECT DISTINCT partner_id FROM old_rows) x;
    PERFORM order_search_words_move(array_agg(r.partner_id), array_agg(r.search_text), array_agg(r.status),
                                    array_agg(r.created_at), array_agg(r.has_discrepancy_act), array_agg(-1))
       FROM old_rows r WHERE r.partner_id IN (SELECT partner_id FROM order_search_partners) HAVING count(*) > 0;
  ELSE
    -- Only a change of what is kept moves the counts (a tracking number or a comment does not).
    PERFORM pg_advisory_xact_lock_shared(hashtext('orders:search-words'), x.partner_id)
       FROM (SELECT DISTINCT o.partner_id FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE (o.partner_id, o.status, o.created_at, o.search_text, o.has_discrepancy_act)
                    IS DISTINCT FROM (n.partner_id, n.status, n.created_at, n.search_text, n.has_discrepancy_act)
             UNION SELECT n.partner_id FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE o.partner_id <> n.partner_id) x;
    PERFORM order_search_words_move(array_agg(m.partner_id), array_agg(m.search_text), array_agg(m.status),
                                    array_agg(m.created_at), array_agg(m.a), array_agg(m.d))
       FROM (SELECT o.partner_id, o.search_text, o.status, o.created_at, o.has_discrepancy_act AS a, -1 AS d
               FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE (o.partner_id, o.status, o.created_at, o.search_text, o.has_discrepancy_act)
                    IS DISTINCT FROM (n.partner_id, n.status, n.created_at, n.search_text, n.has_discrepancy_act)
             UNION ALL
             SELECT n.partner_id, n.search_text, n.status, n.created_at, n.has_discrepancy_act, 1
               FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE (o.partner_id, o.status, o.created_at, o.search_text, o.has_discrepancy_act)
                    IS DISTINCT FROM (n.partner_id, n.status, n.created_at, n.search_text, n.has_discrepancy_act)) m
      WHERE m.partner_id IN (SELECT partner_id FROM order_search_partners) HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The one word of keyed partner p that holds the search q (lower case, no ASCII non-letter): '' when none
-- does; null when several do (an order holding two would count twice) or p is not keyed. Read in the snapshot
-- of the statement that sums by it.
CREATE FUNCTION order_search_word_of(p integer, q text) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM order_search_partners k WHERE k.partner_id = p) THEN NULL
              ELSE (SELECT CASE count(*) WHEN 0 THEN '' WHEN 1 THEN min(x.word) END
                      FROM (SELECT w.word FROM order_search_words w
                             WHERE w.partner_id = p AND w.word LIKE '%' || q || '%' LIMIT 2) x)
         END $$;
--> statement-breakpoint
-- The total of a list searching q (orders.list.queries.ts, keptWordFilter) with statuses (null: any) and
-- created in [t0, t1] (null: any time). With one kept word holding q: the kept days of the range summed whole,
-- less the orders holding q on its first and last days that fall outside it; else the matches counted.
-- PL/pgSQL keeps its statements' plans per connection, so the list's statement is planned without them.
CREATE FUNCTION order_search_word_total(p integer, q text, statuses text[], t0 timestamptz, t1 timestamptz)
  RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
  w text := order_search_word_of(p, q);
  d0 date := (t0 AT TIME ZONE 'Europe/Moscow')::date;
  d1 date := (t1 AT TIME ZONE 'Europe/Moscow')::date;
  kept bigint;
  outside bigint;
BEGIN
  IF w IS NULL AND t0 IS NULL THEN
    SELECT count(*) INTO kept FROM orders o
     WHERE o.partner_id = p AND (statuses IS NULL OR o.status = ANY (statuses)) AND strpos(o.search_text, q) > 0;
    RETURN kept;
  ELSIF w IS NULL THEN
    SELECT count(*) INTO kept FROM orders o
     WHERE o.partner_id = p AND o.created_at BETWEEN t0 AND t1 AND (statuses IS NULL OR o.status = ANY (statuses))
       AND strpos(o.search_text, q) > 0;
    RETURN kept;
  ELSIF t0 IS NULL THEN
    SELECT coalesce(sum(k.n), 0) INTO kept FROM order_search_word_days k
     WHERE k.partner_id = p AND k.word = w AND (statuses IS NULL OR k.status = ANY (statuses));
    RETURN kept;
  END IF;
  SELECT coalesce(sum(k.n), 0) INTO kept FROM order_search_word_days k
   WHERE k.partner_id = p AND k.word = w AND k.day BETWEEN d0 AND d1 AND (statuses IS NULL OR k.status = ANY (statuses));
  SELECT count(*) INTO outside FROM orders o
   WHERE o.partner_id = p AND o.created_at >= (d0::timestamp AT TIME ZONE 'Europe/Moscow') AND o.created_at < t0
     AND (statuses IS NULL OR o.status = ANY (statuses)) AND strpos(o.search_text, q) > 0;
  kept := kept - outside;
  SELECT count(*) INTO outside FROM orders o
   WHERE o.partner_id = p AND o.created_at > t1 AND o.created_at < ((d1 + 1)::timestamp AT TIME ZONE 'Europe/Moscow')
     AND (statuses IS NULL OR o.status = ANY (statuses)) AND strpos(o.search_text, q) > 0;
  RETURN kept - outside;
END $$;
--> statement-breakpoint
-- The counts per status (and of them, orders with a discrepancy act) of the orders holding q created in
-- [t0, t1] (null: any time), every status, reckoned as order_search_word_total reckons the total.
CREATE FUNCTION order_search_word_counts(p integer, q text, t0 timestamptz, t1 timestamptz)
  RETURNS TABLE (status text, n bigint, acts bigint) LANGUAGE plpgsql STABLE AS $$
DECLARE
  w text := order_search_word_of(p, q);
  d0 date := (t0 AT TIME ZONE 'Europe/Moscow')::date;
  d1 date := (t1 AT TIME ZONE 'Europe/Moscow')::date;
BEGIN
  IF w IS NULL AND t0 IS NULL THEN
    RETURN QUERY SELECT o.status, count(*), count(*) FILTER (WHERE o.has_discrepancy_act) FROM orders o
                  WHERE o.partner_id = p AND strpos(o.search_text, q) > 0 GROUP BY o.status;
  ELSIF w IS NULL THEN
    RETURN QUERY SELECT o.status, count(*), count(*) FILTER (WHERE o.has_discrepancy_act) FROM orders o
                  WHERE o.partner_id = p AND o.created_at BETWEEN t0 AND t1 AND strpos(o.search_text, q) > 0
                  GROUP BY o.status;
  ELSIF t0 IS NULL THEN
    RETURN QUERY SELECT k.status, sum(k.n)::bigint, sum(k.acts)::bigint FROM order_search_word_days k
                  WHERE k.partner_id = p AND k.word = w GROUP BY k.status;
  ELSE
    RETURN QUERY
      SELECT x.status, sum(x.n)::bigint, sum(x.acts)::bigint FROM (
        SELECT k.status, k.n::bigint AS n, k.acts::bigint AS acts FROM order_search_word_days k
         WHERE k.partner_id = p AND k.word = w AND k.day BETWEEN d0 AND d1
        UNION ALL
        SELECT o.status, -1, -(o.has_discrepancy_act::int) FROM orders o
         WHERE o.partner_id = p AND o.created_at >= (d0::timestamp AT TIME ZONE 'Europe/Moscow') AND o.created_at < t0
           AND strpos(o.search_text, q) > 0
        UNION ALL
        SELECT o.status, -1, -(o.has_discrepancy_act::int) FROM orders o
         WHERE o.partner_id = p AND o.created_at > t1
           AND o.created_at < ((d1 + 1)::timestamp AT TIME ZONE 'Europe/Moscow') AND strpos(o.search_text, q) > 0
      ) x GROUP BY x.status;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_search_words_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_search_word_days;
  DELETE FROM order_search_words;
  DELETE FROM order_search_partners;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_search_words_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_search_words_apply();
--> statement-breakpoint
CREATE TRIGGER order_search_words_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_search_words_apply();
--> statement-breakpoint
CREATE TRIGGER order_search_words_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_search_words_apply();
--> statement-breakpoint
CREATE TRIGGER order_search_words_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_search_words_clear();
