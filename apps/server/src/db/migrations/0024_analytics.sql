CREATE TABLE "analytics_daily" (
	"partner_id" integer NOT NULL,
	"dim" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"device" text NOT NULL,
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
	CONSTRAINT "analytics_daily_partner_id_dim_day_key_device_pk" PRIMARY KEY("partner_id","dim","day","key","device")
);
--> statement-breakpoint
CREATE TABLE "analytics_freshness" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_order_devices" (
	"partner_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"device" text NOT NULL,
	CONSTRAINT "analytics_order_devices_partner_id_order_id_pk" PRIMARY KEY("partner_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "storefront_events" (
	"partner_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "storefront_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"type" text NOT NULL,
	"device" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "storefront_events_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
ALTER TABLE "storefront_events" ADD CONSTRAINT "storefront_events_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storefront_events_partner_at_idx" ON "storefront_events" USING btree ("partner_id","at");--> statement-breakpoint
-- Analytics aggregates kept by statement-level triggers (issue 24): an order's items count on the Moscow day
-- the order was placed, under the total, their brand, their category and their product, per device class.
CREATE FUNCTION analytics_bucket(status text) RETURNS text IMMUTABLE LANGUAGE sql AS $$
  SELECT CASE
    WHEN status IN ('delivered', 'claimed') THEN 'bought'
    WHEN status IN ('returned', 'refund_requested', 'refunded', 'not_delivered') THEN 'returned'
    WHEN status = 'cancelled' THEN 'cancelled'
    ELSE 'flight' END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_moscow_day(at timestamptz) RETURNS date IMMUTABLE LANGUAGE sql AS $$
  SELECT ((at AT TIME ZONE 'UTC') + interval '3 hours')::date
$$;
--> statement-breakpoint
-- One contribution: an item (sign ±1, order_sign ±1 when the order itself is added or taken away, 0 when only
-- the item moves) or a storefront counter (views, carts).
CREATE TYPE analytics_fact AS (
  partner_id integer, day date, brand text, category text, product text, device text,
  order_id bigint, order_sign integer, sign integer, bucket text, paid numeric, views bigint, carts bigint
);
--> statement-breakpoint
CREATE FUNCTION analytics_add(facts analytics_fact[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_daily AS a (partner_id, dim, day, key, device, orders, ordered_qty, ordered_sum,
      bought_qty, bought_sum, returned_qty, returned_sum, cancelled_qty, cancelled_sum, views, carts)
  SELECT f.partner_id, k.dim, f.day, k.key, f.device,
    count(DISTINCT f.order_id) FILTER (WHERE f.order_sign = 1)
      - count(DISTINCT f.order_id) FILTER (WHERE f.order_sign = -1),
    coalesce(sum(f.sign), 0), coalesce(sum(f.sign * f.paid), 0),
    coalesce(sum(f.sign) FILTER (WHERE f.bucket = 'bought'), 0),
    coalesce(sum(f.sign * f.paid) FILTER (WHERE f.bucket = 'bought'), 0),
    coalesce(sum(f.sign) FILTER (WHERE f.bucket = 'returned'), 0),
    coalesce(sum(f.sign * f.paid) FILTER (WHERE f.bucket = 'returned'), 0),
    coalesce(sum(f.sign) FILTER (WHERE f.bucket = 'cancelled'), 0),
    coalesce(sum(f.sign * f.paid) FILTER (WHERE f.bucket = 'cancelled'), 0),
    coalesce(sum(f.views), 0), coalesce(sum(f.carts), 0)
  FROM unnest(facts) f
  CROSS JOIN LATERAL (VALUES ('total', ''), ('brand', f.brand), ('category', f.category), ('product', f.product))
    AS k(dim, key)
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (partner_id, dim, day, key, device) DO UPDATE SET
    orders = a.orders + excluded.orders,
    ordered_qty = a.ordered_qty + excluded.ordered_qty, ordered_sum = a.ordered_sum + excluded.ordered_sum,
    bought_qty = a.bought_qty + excluded.bought_qty, bought_sum = a.bought_sum + excluded.bought_sum,
    returned_qty = a.returned_qty + excluded.returned_qty, returned_sum = a.returned_sum + excluded.returned_sum,
    cancelled_qty = a.cancelled_qty + excluded.cancelled_qty,
    cancelled_sum = a.cancelled_sum + excluded.cancelled_sum,
    views = a.views + excluded.views, carts = a.carts + excluded.carts;
  INSERT INTO analytics_freshness AS x (partner_id, updated_at)
    SELECT DISTINCT f.partner_id, now() FROM unnest(facts) f
  ON CONFLICT (partner_id) DO UPDATE SET updated_at = excluded.updated_at;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_items_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_add(ARRAY(
      SELECT ROW(r.partner_id, analytics_moscow_day(o.created_at), coalesce(p.brand, ''), coalesce(p.category, ''),
        coalesce(r.product_id, 0)::text, coalesce(d.device, 'unknown'), r.order_id, 1, 1,
        analytics_bucket(r.status), r.paid_price, 0, 0)::analytics_fact
      FROM new_rows r JOIN orders o ON o.partner_id = r.partner_id AND o.id = r.order_id
      LEFT JOIN products p ON p.partner_id = r.partner_id AND p.id = r.product_id
      LEFT JOIN analytics_order_devices d ON d.partner_id = r.partner_id AND d.order_id = r.order_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_add(ARRAY(
      SELECT ROW(r.partner_id, analytics_moscow_day(o.created_at), coalesce(p.brand, ''), coalesce(p.category, ''),
        coalesce(r.product_id, 0)::text, coalesce(d.device, 'unknown'), r.order_id, -1, -1,
        analytics_bucket(r.status), r.paid_price, 0, 0)::analytics_fact
      FROM old_rows r JOIN orders o ON o.partner_id = r.partner_id AND o.id = r.order_id
      LEFT JOIN products p ON p.partner_id = r.partner_id AND p.id = r.product_id
      LEFT JOIN analytics_order_devices d ON d.partner_id = r.partner_id AND d.order_id = r.order_id));
  ELSE
    -- Only items that changed bucket, price or product move: out of the old place, into the new one.
    PERFORM analytics_add(ARRAY(
      SELECT ROW(x.partner_id, analytics_moscow_day(o.created_at), coalesce(p.brand, ''), coalesce(p.category, ''),
        coalesce(x.product_id, 0)::text, coalesce(d.device, 'unknown'), x.order_id, 0, x.sign,
        analytics_bucket(x.status), x.paid_price, 0, 0)::analytics_fact
      FROM (
        SELECT s.* FROM old_rows o1 JOIN new_rows n1 ON n1.partner_id = o1.partner_id AND n1.order_id = o1.order_id
          AND n1.id = o1.id
        CROSS JOIN LATERAL (VALUES
          (o1.partner_id, o1.order_id, o1.product_id, o1.status, o1.paid_price, -1),
          (n1.partner_id, n1.order_id, n1.product_id, n1.status, n1.paid_price, 1))
          AS s(partner_id, order_id, product_id, status, paid_price, sign)
        WHERE analytics_bucket(o1.status) <> analytics_bucket(n1.status)
          OR o1.paid_price <> n1.paid_price OR o1.product_id IS DISTINCT FROM n1.product_id
      ) x
      JOIN orders o ON o.partner_id = x.partner_id AND o.id = x.order_id
      LEFT JOIN products p ON p.partner_id = x.partner_id AND p.id = x.product_id
      LEFT JOIN analytics_order_devices d ON d.partner_id = x.partner_id AND d.order_id = x.order_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The storefront named the device an order came from: its items move from `unknown` to that device.
CREATE FUNCTION analytics_order_devices_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_add(ARRAY(
    SELECT ROW(i.partner_id, analytics_moscow_day(o.created_at), coalesce(p.brand, ''), coalesce(p.category, ''),
      coalesce(i.product_id, 0)::text, s.device, i.order_id, s.sign, s.sign,
      analytics_bucket(i.status), i.paid_price, 0, 0)::analytics_fact
    FROM new_rows nd
    JOIN order_items i ON i.partner_id = nd.partner_id AND i.order_id = nd.order_id
    JOIN orders o ON o.partner_id = i.partner_id AND o.id = i.order_id
    LEFT JOIN products p ON p.partner_id = i.partner_id AND p.id = i.product_id
    CROSS JOIN LATERAL (VALUES ('unknown', -1), (nd.device, 1)) AS s(device, sign)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_events_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_add(ARRAY(
    SELECT ROW(e.partner_id, analytics_moscow_day(e.at), coalesce(p.brand, ''), coalesce(p.category, ''),
      e.product_id::text, e.device, NULL, 0, 0, 'flight', 0,
      CASE WHEN e.type = 'view' THEN e.count ELSE 0 END,
      CASE WHEN e.type = 'cart' THEN e.count ELSE 0 END)::analytics_fact
    FROM new_rows e LEFT JOIN products p ON p.partner_id = e.partner_id AND p.id = e.product_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Emptied orders (tests, a reset): the sales side is gone, the storefront's counters are counted again.
CREATE FUNCTION analytics_orders_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_daily;
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
CREATE TRIGGER analytics_items_ins AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_items_apply();
--> statement-breakpoint
CREATE TRIGGER analytics_items_upd AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_items_apply();
--> statement-breakpoint
CREATE TRIGGER analytics_items_del AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_items_apply();
--> statement-breakpoint
CREATE TRIGGER analytics_items_truncate AFTER TRUNCATE ON order_items
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_truncated();
--> statement-breakpoint
CREATE TRIGGER analytics_order_devices_ins AFTER INSERT ON analytics_order_devices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_order_devices_apply();
--> statement-breakpoint
CREATE TRIGGER analytics_events_ins AFTER INSERT ON storefront_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_apply();
--> statement-breakpoint
SELECT analytics_add(ARRAY(
  SELECT ROW(r.partner_id, analytics_moscow_day(o.created_at), coalesce(p.brand, ''), coalesce(p.category, ''),
    coalesce(r.product_id, 0)::text, 'unknown', r.order_id, 1, 1, analytics_bucket(r.status), r.paid_price, 0, 0
  )::analytics_fact
  FROM order_items r JOIN orders o ON o.partner_id = r.partner_id AND o.id = r.order_id
  LEFT JOIN products p ON p.partner_id = r.partner_id AND p.id = r.product_id));
