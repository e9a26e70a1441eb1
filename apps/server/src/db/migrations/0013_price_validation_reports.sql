CREATE TABLE "price_validation_reports" (
	"partner_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total" integer NOT NULL,
	"items" jsonb NOT NULL,
	CONSTRAINT "price_validation_reports_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
