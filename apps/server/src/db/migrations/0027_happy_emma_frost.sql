CREATE TABLE "fbo_return_checked_files" (
	"partner_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"warehouse_code" text NOT NULL,
	"return_at" date,
	"lines" jsonb NOT NULL,
	"used_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbo_return_checked_files_partner_id_file_id_pk" PRIMARY KEY("partner_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "fbo_return_events" (
	"partner_id" integer NOT NULL,
	"return_uuid" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fbo_return_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbo_return_events_partner_id_return_uuid_id_pk" PRIMARY KEY("partner_id","return_uuid","id")
);
--> statement-breakpoint
CREATE TABLE "fbo_return_files" (
	"partner_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"return_uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"warehouse_code" text NOT NULL,
	"count" integer NOT NULL,
	"status" text NOT NULL,
	"upload_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbo_return_files_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "fbo_return_items" (
	"partner_id" integer NOT NULL,
	"return_uuid" uuid NOT NULL,
	"seller_sku" text NOT NULL,
	"moda_sku" text NOT NULL,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"reserved_quantity" integer DEFAULT 0 NOT NULL,
	"exported_quantity" integer DEFAULT 0 NOT NULL,
	"exported_fail_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fbo_return_items_partner_id_return_uuid_seller_sku_pk" PRIMARY KEY("partner_id","return_uuid","seller_sku")
);
--> statement-breakpoint
CREATE TABLE "fbo_returns" (
	"partner_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"return_id" text NOT NULL,
	"warehouse_code" text NOT NULL,
	"status" text NOT NULL,
	"return_at" date,
	"file_id" uuid,
	"creator_name" text,
	"reason" text,
	"cancel_requested_at" timestamp with time zone,
	"slots_offered" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"slot_date" date,
	"slot_from" integer,
	"slot_to" integer,
	"picked_at" timestamp with time zone,
	"sku_count" integer NOT NULL,
	"quantity" integer NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbo_returns_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
ALTER TABLE "fbo_returns" ADD CONSTRAINT "fbo_returns_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fbo_return_files_return_idx" ON "fbo_return_files" USING btree ("partner_id","return_uuid");--> statement-breakpoint
CREATE INDEX "fbo_return_items_sku_idx" ON "fbo_return_items" USING btree ("partner_id","seller_sku");--> statement-breakpoint
CREATE UNIQUE INDEX "fbo_returns_id_uq" ON "fbo_returns" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "fbo_returns_number_uq" ON "fbo_returns" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "fbo_returns_partner_created_idx" ON "fbo_returns" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "fbo_returns_status_idx" ON "fbo_returns" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "fbo_returns_search_trgm_idx" ON "fbo_returns" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "fbo_return_items" ADD CONSTRAINT "fbo_return_items_counts_ck" CHECK ("reserved_quantity" >= 0 AND "exported_quantity" >= 0 AND "exported_fail_quantity" >= 0 AND "reserved_quantity" <= "quantity" AND "exported_quantity" + "exported_fail_quantity" <= "reserved_quantity");
