CREATE TABLE "offers" (
	"partner_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" text NOT NULL,
	"file_name" text NOT NULL,
	"act_date" text NOT NULL,
	"superseded" boolean DEFAULT false NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "seller_brands" (
	"partner_id" integer NOT NULL,
	"name" text NOT NULL,
	"countries" text[] NOT NULL,
	"needs_permission" boolean DEFAULT false NOT NULL,
	"permission_granted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "seller_brands_partner_id_name_pk" PRIMARY KEY("partner_id","name")
);
--> statement-breakpoint
CREATE TABLE "seller_profiles" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"partnership_start" text,
	"contract_number" text,
	"contacts" jsonb,
	"ceo_name" text,
	"bank_account" jsonb,
	"countries" text[] DEFAULT '{RU}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"partner_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"reason_code" text NOT NULL,
	"text" text NOT NULL,
	"attachment_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_requests_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_brands" ADD CONSTRAINT "seller_brands_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_profiles" ADD CONSTRAINT "seller_profiles_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_partner_created_idx" ON "offers" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id","kind","created_at");--> statement-breakpoint
-- Accounts that existed before email confirmation are confirmed.
UPDATE "users" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
