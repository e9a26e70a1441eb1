CREATE TABLE "fbo_checked_files" (
	"partner_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"warehouse_code" text,
	"lines" jsonb NOT NULL,
	"used_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbo_checked_files_partner_id_file_id_pk" PRIMARY KEY("partner_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "fbo_disputes" (
	"partner_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"supply_id" uuid NOT NULL,
	"box" text NOT NULL,
	"status" text NOT NULL,
	"comment" text,
	"answer" text,
	"found" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "fbo_disputes_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "fbo_slot_capacity" (
	"warehouse_code" text NOT NULL,
	"day" date NOT NULL,
	"capacity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbo_slot_capacity_warehouse_code_day_pk" PRIMARY KEY("warehouse_code","day")
);
--> statement-breakpoint
CREATE TABLE "fbo_stock_moves" (
	"partner_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fbo_stock_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seller_sku" text NOT NULL,
	"warehouse_code" text NOT NULL,
	"quantity" integer NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbo_stock_moves_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "fbo_supplies" (
	"partner_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"warehouse_code" text NOT NULL,
	"planned_date" date,
	"status" text NOT NULL,
	"file_id" uuid,
	"file_name" text,
	"uploader_name" text,
	"submitted_at" timestamp with time zone,
	"validation_errors" text[] DEFAULT '{}'::text[] NOT NULL,
	"requested_warehouse" text,
	"requested_date" date,
	"waitlist_warehouse" text,
	"waitlist_date" date,
	"waitlist_since" timestamp with time zone,
	"items_quantity" integer NOT NULL,
	"sku_count" integer NOT NULL,
	"price_sum" numeric(14, 2) NOT NULL,
	"unknown_surplus" integer,
	"reported_at" timestamp with time zone,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbo_supplies_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "fbo_supply_events" (
	"partner_id" integer NOT NULL,
	"supply_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fbo_supply_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbo_supply_events_partner_id_supply_id_id_pk" PRIMARY KEY("partner_id","supply_id","id")
);
--> statement-breakpoint
CREATE TABLE "fbo_supply_items" (
	"partner_id" integer NOT NULL,
	"supply_id" uuid NOT NULL,
	"seller_sku" text NOT NULL,
	"box" text DEFAULT '' NOT NULL,
	"product_id" bigint NOT NULL,
	"moda_sku" text NOT NULL,
	"ean" text,
	"title" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"declared" integer NOT NULL,
	"received" integer,
	"surplus" integer,
	"missing" integer,
	"damaged" integer,
	CONSTRAINT "fbo_supply_items_partner_id_supply_id_seller_sku_box_pk" PRIMARY KEY("partner_id","supply_id","seller_sku","box")
);
--> statement-breakpoint
ALTER TABLE "fbo_supplies" ADD CONSTRAINT "fbo_supplies_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fbo_disputes_id_uq" ON "fbo_disputes" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "fbo_disputes_box_uq" ON "fbo_disputes" USING btree ("partner_id","supply_id","box");--> statement-breakpoint
CREATE INDEX "fbo_disputes_open_idx" ON "fbo_disputes" USING btree ("created_at") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "fbo_stock_moves_sku_idx" ON "fbo_stock_moves" USING btree ("partner_id","seller_sku","warehouse_code");--> statement-breakpoint
CREATE UNIQUE INDEX "fbo_supplies_number_uq" ON "fbo_supplies" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "fbo_supplies_id_uq" ON "fbo_supplies" USING btree ("id");--> statement-breakpoint
CREATE INDEX "fbo_supplies_partner_created_idx" ON "fbo_supplies" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "fbo_supplies_status_idx" ON "fbo_supplies" USING btree ("status","warehouse_code","planned_date");--> statement-breakpoint
CREATE INDEX "fbo_supplies_search_trgm_idx" ON "fbo_supplies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fbo_supply_items_sku_idx" ON "fbo_supply_items" USING btree ("partner_id","seller_sku");