CREATE TABLE "products" (
	"partner_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"moda_sku" text NOT NULL,
	"moda_parent_sku" text NOT NULL,
	"seller_sku" text NOT NULL,
	"seller_parent_sku" text NOT NULL,
	"barcode" text,
	"title" text NOT NULL,
	"brand" text NOT NULL,
	"category" text NOT NULL,
	"erp_level1" text,
	"erp_level2" text,
	"price" numeric(12, 2),
	"sale_price" numeric(12, 2),
	"pi_value" numeric(6, 2),
	"quantity" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"moderation_status" text NOT NULL,
	"moderation_reason" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_seller_sku_uq" ON "products" USING btree ("partner_id","seller_sku");--> statement-breakpoint
CREATE UNIQUE INDEX "products_moda_sku_uq" ON "products" USING btree ("moda_sku");--> statement-breakpoint
CREATE INDEX "products_status_price_idx" ON "products" USING btree ("partner_id","archived","status","price","id");--> statement-breakpoint
CREATE INDEX "products_brand_status_price_idx" ON "products" USING btree ("partner_id","brand","archived","status","price","id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_barcode_idx" ON "products" USING btree ("partner_id","barcode");--> statement-breakpoint
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops);