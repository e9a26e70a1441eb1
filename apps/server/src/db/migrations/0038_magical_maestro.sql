CREATE TABLE "api_token_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"token_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"code" integer NOT NULL,
	"reason" text,
	"message" text NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "api_token_usage" (
	"partner_id" integer NOT NULL,
	"token_id" uuid NOT NULL,
	"day" date NOT NULL,
	"method" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"limited" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_token_usage_token_id_day_method_pk" PRIMARY KEY("token_id","day","method")
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"partner_id" integer NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"hint" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"ip_ranges" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_token_failures" ADD CONSTRAINT "api_token_failures_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_token_usage" ADD CONSTRAINT "api_token_usage_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_token_failures_token_idx" ON "api_token_failures" USING btree ("token_id","at");--> statement-breakpoint
CREATE INDEX "api_tokens_partner_idx" ON "api_tokens" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "api_tokens_creator_idx" ON "api_tokens" USING btree ("created_by");