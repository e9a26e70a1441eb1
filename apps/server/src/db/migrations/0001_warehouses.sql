CREATE TABLE "base_warehouses" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"accepts_drop_off" boolean DEFAULT true NOT NULL,
	"fulfilment" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_profiles" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"configured" boolean DEFAULT false NOT NULL,
	"allowed_methods" text[] DEFAULT '{PICK_UP,DROP_OFF}'::text[] NOT NULL,
	"manager_name" text,
	"manager_email" text
);
--> statement-breakpoint
CREATE TABLE "warehouse_events" (
	"partner_id" integer NOT NULL,
	"id" bigserial NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"event" text NOT NULL,
	"order_nr" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_events_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"partner_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"general" jsonb NOT NULL,
	"delivery_method" jsonb,
	"return_method" jsonb,
	"review_comment" text,
	"schedule_effective_from" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
ALTER TABLE "delivery_profiles" ADD CONSTRAINT "delivery_profiles_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warehouse_events_wh_idx" ON "warehouse_events" USING btree ("partner_id","warehouse_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_one_active_uq" ON "warehouses" USING btree ("partner_id") WHERE status = 'active' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "warehouses_review_idx" ON "warehouses" USING btree ("updated_at") WHERE status = 'action_required' and deleted_at is null;