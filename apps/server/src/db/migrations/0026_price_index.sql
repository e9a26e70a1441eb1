CREATE TABLE "competitor_claims" (
	"partner_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "competitor_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"competitor" text,
	"url" text,
	"price" numeric(12, 2),
	"reason" text,
	"comment" text,
	"competitor_offer_id" bigint,
	"screenshot_file_id" uuid,
	"answer" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "competitor_claims_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "competitor_offers" (
	"partner_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "competitor_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"competitor" text NOT NULL,
	"country" text NOT NULL,
	"url" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitor_offers_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "price_index_products" (
	"partner_id" integer NOT NULL,
	"product_id" bigint NOT NULL,
	"min_price" numeric(12, 2) NOT NULL,
	"offer_id" bigint NOT NULL,
	"competitor" text NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "price_index_products_partner_id_product_id_pk" PRIMARY KEY("partner_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "price_index_settings" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"competitors" jsonb NOT NULL,
	"countries" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "competitor_claims" ADD CONSTRAINT "competitor_claims_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_offers" ADD CONSTRAINT "competitor_offers_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_index_settings" ADD CONSTRAINT "price_index_settings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitor_claims_product_idx" ON "competitor_claims" USING btree ("partner_id","product_id","created_at");--> statement-breakpoint
CREATE INDEX "competitor_claims_review_idx" ON "competitor_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "competitor_claims_open_uq" ON "competitor_claims" USING btree ("partner_id","product_id") WHERE status = 'review';--> statement-breakpoint
CREATE UNIQUE INDEX "competitor_offers_product_uq" ON "competitor_offers" USING btree ("partner_id","product_id","competitor","country");--> statement-breakpoint
-- pi_value (products): how many percent the marketplace price is above the lowest counted competitor price,
-- rounded up to hundredths from kopecks, capped at numeric(6, 2)'s range. The same formula as piValueOf in
-- @moda/contracts (price-index.ts); null without a competitor (UNCOUNTED).
CREATE OR REPLACE FUNCTION price_index_pi(market numeric, competitor numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN market IS NULL OR competitor IS NULL OR competitor <= 0 THEN NULL
    ELSE LEAST(
      CASE WHEN round(market * 100) >= round(competitor * 100)
        THEN div((round(market * 100) - round(competitor * 100)) * 10000 + round(competitor * 100) - 1, round(competitor * 100))
        ELSE -div((round(competitor * 100) - round(market * 100)) * 10000, round(competitor * 100))
      END, 999999) / 100
  END
$$;
--> statement-breakpoint
-- A product's price changes (price table, edit form, import, approval of a held change): its index follows.
CREATE OR REPLACE FUNCTION products_price_index() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.pi_value := price_index_pi(
    coalesce(NEW.sale_price, NEW.price),
    (SELECT min_price FROM price_index_products WHERE partner_id = NEW.partner_id AND product_id = NEW.id));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_price_index BEFORE UPDATE OF price, sale_price ON products FOR EACH ROW
  WHEN (OLD.price IS DISTINCT FROM NEW.price OR OLD.sale_price IS DISTINCT FROM NEW.sale_price)
  EXECUTE FUNCTION products_price_index();
--> statement-breakpoint
-- Until now pi_value held placeholder figures: no competitor is known yet, so no product has an index.
UPDATE products SET pi_value = NULL WHERE pi_value IS NOT NULL;
--> statement-breakpoint
-- The index list filters and counts by pi_value within a partner (totals per index value).
CREATE INDEX IF NOT EXISTS products_pi_value_idx ON products (partner_id, archived, pi_value);
