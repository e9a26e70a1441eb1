CREATE TABLE "analytics_days" (
	"partner_id" integer NOT NULL,
	"dim" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"ordered_qty" bigint DEFAULT 0 NOT NULL,
	"ordered_sum" numeric(16, 2) DEFAULT 0 NOT NULL,
	"bought_qty" bigint DEFAULT 0 NOT NULL,
	"bought_sum" numeric(16, 2) DEFAULT 0 NOT NULL,
	"returned_qty" bigint DEFAULT 0 NOT NULL,
	"returned_sum" numeric(16, 2) DEFAULT 0 NOT NULL,
	"cancelled_qty" bigint DEFAULT 0 NOT NULL,
	"cancelled_sum" numeric(16, 2) DEFAULT 0 NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"carts" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_days_partner_id_dim_day_key_pk" PRIMARY KEY("partner_id","dim","day","key")
);
--> statement-breakpoint
-- A roll-up of the days over the devices (issue 24): the edges of a period and the charts by day or week read one
-- row per day and key instead of one per device class. analytics_add now writes the days per device, the days
-- over the devices and the months in one statement.
CREATE OR REPLACE FUNCTION analytics_add(facts analytics_fact[]) RETURNS void LANGUAGE sql AS $$
  WITH d AS (
    SELECT f.partner_id, k.dim, f.day, k.key, f.device,
      count(DISTINCT f.order_id) FILTER (WHERE f.order_sign = 1)
        - count(DISTINCT f.order_id) FILTER (WHERE f.order_sign = -1) AS orders,
      coalesce(sum(f.sign), 0) AS ordered_qty, coalesce(sum(f.sign * f.paid), 0) AS ordered_sum,
      coalesce(sum(f.sign) FILTER (WHERE f.bucket = 'bought'), 0) AS bought_qty,
      coalesce(sum(f.sign * f.paid) FILTER (WHERE f.bucket = 'bought'), 0) AS bought_sum,
      coalesce(sum(f.sign) FILTER (WHERE f.bucket = 'returned'), 0) AS returned_qty,
      coalesce(sum(f.sign * f.paid) FILTER (WHERE f.bucket = 'returned'), 0) AS returned_sum,
      coalesce(sum(f.sign) FILTER (WHERE f.bucket = 'cancelled'), 0) AS cancelled_qty,
      coalesce(sum(f.sign * f.paid) FILTER (WHERE f.bucket = 'cancelled'), 0) AS cancelled_sum,
      coalesce(sum(f.views), 0) AS views, coalesce(sum(f.carts), 0) AS carts
    FROM unnest(facts) f
    CROSS JOIN LATERAL (VALUES ('total', ''), ('brand', f.brand), ('category', f.category), ('product', f.product))
      AS k(dim, key)
    GROUP BY 1, 2, 3, 4, 5
  ), days AS (
    INSERT INTO analytics_daily AS a (partner_id, dim, day, key, device, orders, ordered_qty, ordered_sum,
        bought_qty, bought_sum, returned_qty, returned_sum, cancelled_qty, cancelled_sum, views, carts)
    SELECT * FROM d
    ON CONFLICT (partner_id, dim, day, key, device) DO UPDATE SET
      orders = a.orders + excluded.orders,
      ordered_qty = a.ordered_qty + excluded.ordered_qty, ordered_sum = a.ordered_sum + excluded.ordered_sum,
      bought_qty = a.bought_qty + excluded.bought_qty, bought_sum = a.bought_sum + excluded.bought_sum,
      returned_qty = a.returned_qty + excluded.returned_qty, returned_sum = a.returned_sum + excluded.returned_sum,
      cancelled_qty = a.cancelled_qty + excluded.cancelled_qty,
      cancelled_sum = a.cancelled_sum + excluded.cancelled_sum,
      views = a.views + excluded.views, carts = a.carts + excluded.carts
  ), per_day AS (
    INSERT INTO analytics_days AS y (partner_id, dim, day, key, orders, ordered_qty, ordered_sum,
        bought_qty, bought_sum, returned_qty, returned_sum, cancelled_qty, cancelled_sum, views, carts)
    SELECT partner_id, dim, day, key, sum(orders), sum(ordered_qty), sum(ordered_sum), sum(bought_qty),
      sum(bought_sum), sum(returned_qty), sum(returned_sum), sum(cancelled_qty), sum(cancelled_sum), sum(views),
      sum(carts)
    FROM d GROUP BY 1, 2, 3, 4
    ON CONFLICT (partner_id, dim, day, key) DO UPDATE SET
      orders = y.orders + excluded.orders,
      ordered_qty = y.ordered_qty + excluded.ordered_qty, ordered_sum = y.ordered_sum + excluded.ordered_sum,
      bought_qty = y.bought_qty + excluded.bought_qty, bought_sum = y.bought_sum + excluded.bought_sum,
      returned_qty = y.returned_qty + excluded.returned_qty, returned_sum = y.returned_sum + excluded.returned_sum,
      cancelled_qty = y.cancelled_qty + excluded.cancelled_qty,
      cancelled_sum = y.cancelled_sum + excluded.cancelled_sum,
      views = y.views + excluded.views, carts = y.carts + excluded.carts
  )
  INSERT INTO analytics_monthly AS m (partner_id, dim, month, key, orders, ordered_qty, ordered_sum,
      bought_qty, bought_sum, returned_qty, returned_sum, cancelled_qty, cancelled_sum, views, carts)
  SELECT partner_id, dim, date_trunc('month', day)::date, key, sum(orders), sum(ordered_qty), sum(ordered_sum),
    sum(bought_qty), sum(bought_sum), sum(returned_qty), sum(returned_sum), sum(cancelled_qty), sum(cancelled_sum),
    sum(views), sum(carts)
  FROM d GROUP BY 1, 2, 3, 4
  ON CONFLICT (partner_id, dim, month, key) DO UPDATE SET
    orders = m.orders + excluded.orders,
    ordered_qty = m.ordered_qty + excluded.ordered_qty, ordered_sum = m.ordered_sum + excluded.ordered_sum,
    bought_qty = m.bought_qty + excluded.bought_qty, bought_sum = m.bought_sum + excluded.bought_sum,
    returned_qty = m.returned_qty + excluded.returned_qty, returned_sum = m.returned_sum + excluded.returned_sum,
    cancelled_qty = m.cancelled_qty + excluded.cancelled_qty,
    cancelled_sum = m.cancelled_sum + excluded.cancelled_sum,
    views = m.views + excluded.views, carts = m.carts + excluded.carts;
  INSERT INTO analytics_freshness AS x (partner_id, updated_at)
    SELECT DISTINCT f.partner_id, now() FROM unnest(facts) f
  ON CONFLICT (partner_id) DO UPDATE SET updated_at = excluded.updated_at;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_orders_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_daily;
  DELETE FROM analytics_monthly;
  DELETE FROM analytics_days;
  DELETE FROM analytics_order_devices;
  PERFORM analytics_add(ARRAY(
    SELECT ROW(e.partner_id, analytics_moscow_day(e.at), coalesce(p.brand, ''), coalesce(p.category, ''),
      e.product_id::text, e.device, NULL, 0, 0, 'flight', 0,
      CASE WHEN e.type = 'view' THEN e.count ELSE 0 END,
      CASE WHEN e.type = 'cart' THEN e.count ELSE 0 END)::analytics_fact
    FROM storefront_events e LEFT JOIN products p ON p.partner_id = e.partner_id AND p.id = e.product_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO analytics_days (partner_id, dim, day, key, orders, ordered_qty, ordered_sum, bought_qty, bought_sum,
    returned_qty, returned_sum, cancelled_qty, cancelled_sum, views, carts)
SELECT partner_id, dim, day, key, sum(orders), sum(ordered_qty), sum(ordered_sum), sum(bought_qty), sum(bought_sum),
  sum(returned_qty), sum(returned_sum), sum(cancelled_qty), sum(cancelled_sum), sum(views), sum(carts)
FROM analytics_daily GROUP BY 1, 2, 3, 4;
