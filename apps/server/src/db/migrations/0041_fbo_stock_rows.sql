CREATE TABLE "fbo_stock_rows" (
	"partner_id" integer NOT NULL,
	"seller_sku" text NOT NULL,
	"warehouse_code" text NOT NULL,
	"moda_sku" text NOT NULL,
	"title" text NOT NULL,
	"brand" text NOT NULL,
	"category" text NOT NULL,
	"on_hand" integer NOT NULL,
	"reserved" integer NOT NULL,
	"in_transit" integer NOT NULL,
	"sales7" integer NOT NULL,
	"sales_stale" integer NOT NULL,
	"days_of_stock" numeric(12, 1),
	"days_bucket" text NOT NULL,
	"recommended" integer NOT NULL,
	"lacks_marking" boolean NOT NULL,
	"last_at" timestamp with time zone,
	CONSTRAINT "fbo_stock_rows_partner_id_seller_sku_warehouse_code_pk" PRIMARY KEY("partner_id","seller_sku","warehouse_code")
);
--> statement-breakpoint
CREATE TABLE "fbo_stock_state" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone,
	"rows" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fbo_stock_rows_recommended_idx" ON "fbo_stock_rows" USING btree ("partner_id","recommended","seller_sku","warehouse_code");--> statement-breakpoint
-- The stock screen's rows go stale when what they are computed from changes (issue 18): a statement trigger per
-- source table marks the partners it touched, once (while changed_at is empty, so later writers find nothing to
-- update and take no lock). Partners without built rows have no state row and cost one empty update.
CREATE OR REPLACE FUNCTION fbo_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE fbo_stock_state s SET changed_at = clock_timestamp()
   WHERE s.changed_at IS NULL AND s.partner_id IN (SELECT DISTINCT partner_id FROM changed_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fbo_stock_order_items_ins AFTER INSERT ON order_items REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
--> statement-breakpoint
CREATE TRIGGER fbo_stock_order_items_upd AFTER UPDATE ON order_items REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
--> statement-breakpoint
CREATE TRIGGER fbo_stock_order_items_del AFTER DELETE ON order_items REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
--> statement-breakpoint
CREATE TRIGGER fbo_stock_moves_ins AFTER INSERT ON fbo_stock_moves REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
--> statement-breakpoint
CREATE TRIGGER fbo_stock_supplies_ins AFTER INSERT ON fbo_supplies REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
--> statement-breakpoint
CREATE TRIGGER fbo_stock_supplies_upd AFTER UPDATE ON fbo_supplies REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
--> statement-breakpoint
CREATE TRIGGER fbo_stock_supplies_del AFTER DELETE ON fbo_supplies REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
--> statement-breakpoint
CREATE TRIGGER fbo_stock_supply_items_ins AFTER INSERT ON fbo_supply_items REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
--> statement-breakpoint
CREATE TRIGGER fbo_stock_supply_items_upd AFTER UPDATE ON fbo_supply_items REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
--> statement-breakpoint
CREATE TRIGGER fbo_stock_supply_items_del AFTER DELETE ON fbo_supply_items REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
--> statement-breakpoint
CREATE TRIGGER fbo_stock_returns_ins AFTER INSERT ON fbo_returns REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
--> statement-breakpoint
CREATE TRIGGER fbo_stock_returns_upd AFTER UPDATE ON fbo_returns REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
--> statement-breakpoint
CREATE TRIGGER fbo_stock_returns_del AFTER DELETE ON fbo_returns REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
--> statement-breakpoint
CREATE TRIGGER fbo_stock_return_items_ins AFTER INSERT ON fbo_return_items REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
--> statement-breakpoint
CREATE TRIGGER fbo_stock_return_items_upd AFTER UPDATE ON fbo_return_items REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
--> statement-breakpoint
CREATE TRIGGER fbo_stock_return_items_del AFTER DELETE ON fbo_return_items REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
