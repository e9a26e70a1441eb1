CREATE TABLE "product_cost_prices" (
	"partner_id" integer NOT NULL,
	"product_id" bigint NOT NULL,
	"cost_price" numeric(12, 2),
	"floor_price" numeric(12, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_cost_prices_partner_id_product_id_pk" PRIMARY KEY("partner_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_files" (
	"partner_id" integer NOT NULL,
	"id" uuid NOT NULL,
	"promotion_id" text NOT NULL,
	"action" text NOT NULL,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_files_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"format" text NOT NULL,
	"state" text NOT NULL,
	"discount_percent" integer NOT NULL,
	"categories" text[] NOT NULL,
	"gender" text,
	"business_models" text[] NOT NULL,
	"registration_start" date NOT NULL,
	"registration_end" date NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotion_products" ADD COLUMN "promo_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "promotion_products" ADD COLUMN "sold_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_products" ADD COLUMN "sold_sum" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_products" ADD COLUMN "added_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "promotions_dates_idx" ON "promotions" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "promotion_products_promotion_idx" ON "promotion_products" USING btree ("partner_id","promotion_id");