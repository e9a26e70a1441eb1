CREATE TABLE "fbs_pallets" (
	"partner_id" integer NOT NULL,
	"shipment_id" uuid NOT NULL,
	"cargo_space" integer NOT NULL,
	"barcode" text NOT NULL,
	CONSTRAINT "fbs_pallets_partner_id_shipment_id_cargo_space_pk" PRIMARY KEY("partner_id","shipment_id","cargo_space")
);
--> statement-breakpoint
CREATE TABLE "fbs_return_boxes" (
	"partner_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"length" integer,
	"width" integer,
	"height" integer,
	"item_quantity" integer DEFAULT 0 NOT NULL,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbs_return_boxes_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "fbs_return_items" (
	"partner_id" integer NOT NULL,
	"box_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fbs_return_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"order_nr" text NOT NULL,
	"order_item_id" bigint NOT NULL,
	"seller_sku" text NOT NULL,
	"item_name" text NOT NULL,
	"image" text,
	"price" numeric(12, 2) NOT NULL,
	"data_matrix" text,
	"reject_type" text NOT NULL,
	"rejected_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fbs_return_items_partner_id_box_id_id_pk" PRIMARY KEY("partner_id","box_id","id")
);
--> statement-breakpoint
CREATE TABLE "fbs_shipment_events" (
	"partner_id" integer NOT NULL,
	"shipment_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fbs_shipment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbs_shipment_events_partner_id_shipment_id_id_pk" PRIMARY KEY("partner_id","shipment_id","id")
);
--> statement-breakpoint
CREATE TABLE "fbs_shipment_orders" (
	"partner_id" integer NOT NULL,
	"shipment_id" uuid NOT NULL,
	"order_id" bigint NOT NULL,
	"order_nr" text NOT NULL,
	"cargo_space" integer NOT NULL,
	"packs" integer NOT NULL,
	"items" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbs_shipment_orders_partner_id_shipment_id_order_id_pk" PRIMARY KEY("partner_id","shipment_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "fbs_shipments" (
	"partner_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"shipment_nr" text NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"warehouse_name" text NOT NULL,
	"handover_type" text NOT NULL,
	"destination" text NOT NULL,
	"handover_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"pallets" integer DEFAULT 0 NOT NULL,
	"packs" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbs_shipments_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
ALTER TABLE "fbs_return_boxes" ADD CONSTRAINT "fbs_return_boxes_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbs_shipments" ADD CONSTRAINT "fbs_shipments_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fbs_pallets_barcode_uq" ON "fbs_pallets" USING btree ("barcode");--> statement-breakpoint
CREATE UNIQUE INDEX "fbs_return_boxes_code_uq" ON "fbs_return_boxes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "fbs_return_boxes_partner_status_idx" ON "fbs_return_boxes" USING btree ("partner_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fbs_return_boxes_filling_uq" ON "fbs_return_boxes" USING btree ("partner_id") WHERE status = 'inProgress';--> statement-breakpoint
CREATE UNIQUE INDEX "fbs_return_items_unit_uq" ON "fbs_return_items" USING btree ("partner_id","order_item_id");--> statement-breakpoint
CREATE INDEX "fbs_return_items_order_idx" ON "fbs_return_items" USING btree ("partner_id","order_nr");--> statement-breakpoint
CREATE INDEX "fbs_shipment_orders_order_idx" ON "fbs_shipment_orders" USING btree ("partner_id","order_id");--> statement-breakpoint
CREATE INDEX "fbs_shipment_orders_nr_idx" ON "fbs_shipment_orders" USING btree ("partner_id","order_nr");--> statement-breakpoint
CREATE UNIQUE INDEX "fbs_shipments_nr_uq" ON "fbs_shipments" USING btree ("shipment_nr");--> statement-breakpoint
CREATE INDEX "fbs_shipments_partner_handover_idx" ON "fbs_shipments" USING btree ("partner_id","handover_at","id");--> statement-breakpoint
CREATE INDEX "fbs_shipments_partner_status_idx" ON "fbs_shipments" USING btree ("partner_id","status","handover_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fbs_shipments_forming_uq" ON "fbs_shipments" USING btree ("partner_id","warehouse_id","handover_at") WHERE status = 'new';