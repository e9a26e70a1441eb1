CREATE TABLE "product_images" (
	"partner_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"seller_parent_sku" text NOT NULL,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_images_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_parent_idx" ON "product_images" USING btree ("partner_id","seller_parent_sku","position");