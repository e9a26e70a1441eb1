CREATE TABLE "import_update_rows" (
	"partner_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "import_update_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"row_number" integer,
	"seller_sku" text,
	"product_id" bigint,
	"changes" jsonb,
	"upd" jsonb,
	"errors" jsonb,
	"price_status" text,
	"price_message" text,
	CONSTRAINT "import_update_rows_partner_id_file_id_id_pk" PRIMARY KEY("partner_id","file_id","id")
);
--> statement-breakpoint
CREATE TABLE "import_updates" (
	"partner_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"state" text NOT NULL,
	"category" text NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"labels" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"applied_by" uuid,
	"prices_pending" integer DEFAULT 0 NOT NULL,
	"prices_refused" integer DEFAULT 0 NOT NULL,
	"rolled_back_at" timestamp with time zone,
	"rolled_back_by" uuid,
	"rollback_report" jsonb,
	CONSTRAINT "import_updates_partner_id_file_id_pk" PRIMARY KEY("partner_id","file_id")
);
--> statement-breakpoint
CREATE INDEX "import_update_rows_kind_idx" ON "import_update_rows" USING btree ("partner_id","file_id","kind","id");--> statement-breakpoint
CREATE INDEX "import_updates_applied_idx" ON "import_updates" USING btree ("partner_id","applied_at");