CREATE TABLE "discrepancy_acts" (
	"partner_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"reason" text NOT NULL,
	"comment" text,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discrepancy_acts_partner_id_order_id_id_pk" PRIMARY KEY("partner_id","order_id","id")
);
--> statement-breakpoint
CREATE TABLE "exports" (
	"partner_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_name" text,
	"storage_key" text,
	"size" bigint,
	"row_count" integer,
	"error_message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "exports_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"partner_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_partner_id_order_id_id_pk" PRIMARY KEY("partner_id","order_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"partner_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint,
	"moda_sku" text NOT NULL,
	"seller_sku" text NOT NULL,
	"name" text NOT NULL,
	"base_price" numeric(12, 2) NOT NULL,
	"total_discount" numeric(12, 2) NOT NULL,
	"paid_price" numeric(12, 2) NOT NULL,
	"status" text NOT NULL,
	"cancel_action" text,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "order_items_partner_id_order_id_id_pk" PRIMARY KEY("partner_id","order_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_packs" (
	"partner_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"barcode" text NOT NULL,
	"number" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_packs_partner_id_order_id_barcode_pk" PRIMARY KEY("partner_id","order_id","barcode")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"partner_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_nr" text NOT NULL,
	"status" text NOT NULL,
	"country" text DEFAULT 'RU' NOT NULL,
	"business_model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cut_off_at" timestamp with time zone NOT NULL,
	"delivery_date" timestamp with time zone,
	"sum" numeric(14, 2) NOT NULL,
	"item_count" integer NOT NULL,
	"comment" text,
	"tracking_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"delivery" jsonb NOT NULL,
	"payment_method" text NOT NULL,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"product_cost" numeric(14, 2) NOT NULL,
	"delivery_cost" numeric(14, 2) NOT NULL,
	"total_discount" numeric(14, 2) NOT NULL,
	"partner_agreed_price" numeric(14, 2) NOT NULL,
	"has_discrepancy_act" boolean DEFAULT false NOT NULL,
	"search_text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "result" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "rows_total" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "rows_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "error_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "meta" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exports_partner_created_idx" ON "exports" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "exports_id_idx" ON "exports" USING btree ("id");--> statement-breakpoint
CREATE INDEX "order_items_sku_idx" ON "order_items" USING btree ("partner_id","seller_sku");--> statement-breakpoint
CREATE UNIQUE INDEX "order_packs_barcode_uq" ON "order_packs" USING btree ("barcode");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_nr_uq" ON "orders" USING btree ("order_nr");--> statement-breakpoint
CREATE INDEX "orders_partner_created_idx" ON "orders" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_partner_status_created_idx" ON "orders" USING btree ("partner_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_partner_cut_off_idx" ON "orders" USING btree ("partner_id","cut_off_at");--> statement-breakpoint
CREATE INDEX "orders_partner_delivery_idx" ON "orders" USING btree ("partner_id","delivery_date");--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);