CREATE TABLE "price_changes" (
	"partner_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "price_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"country" text NOT NULL,
	"old_price" numeric(12, 2),
	"new_price" numeric(12, 2) NOT NULL,
	"old_sale_price" numeric(12, 2),
	"new_sale_price" numeric(12, 2),
	"sale_start" text,
	"sale_end" text,
	"review_type" text,
	"status" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "price_changes_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"partner_id" integer NOT NULL,
	"product_id" bigint NOT NULL,
	"country" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"sale_price" numeric(12, 2),
	"sale_start" text,
	"sale_end" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_prices_partner_id_product_id_country_pk" PRIMARY KEY("partner_id","product_id","country")
);
--> statement-breakpoint
CREATE TABLE "promotion_products" (
	"partner_id" integer NOT NULL,
	"product_id" bigint NOT NULL,
	"promotion_id" text NOT NULL,
	"promotion_name" text NOT NULL,
	"promotion_state" text NOT NULL,
	CONSTRAINT "promotion_products_partner_id_product_id_promotion_id_pk" PRIMARY KEY("partner_id","product_id","promotion_id")
);
--> statement-breakpoint
CREATE INDEX "price_changes_product_idx" ON "price_changes" USING btree ("partner_id","product_id","created_at");--> statement-breakpoint
CREATE INDEX "price_changes_pending_idx" ON "price_changes" USING btree ("partner_id","status");