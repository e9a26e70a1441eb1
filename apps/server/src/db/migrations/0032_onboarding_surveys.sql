CREATE TABLE "onboarding_surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pages_saved" text[] DEFAULT '{}' NOT NULL,
	"clarifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone,
	"review_due_date" text,
	"reapply_from" text,
	"warning_acted_for" timestamp with time zone,
	"committee_status" text,
	"committee_items" jsonb,
	"committee_comment" text,
	"committee_updated_at" timestamp with time zone,
	"legal_check" text,
	"partner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "onboarding_surveys" ADD CONSTRAINT "onboarding_surveys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_surveys" ADD CONSTRAINT "onboarding_surveys_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_surveys_user_uq" ON "onboarding_surveys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "onboarding_surveys_review_idx" ON "onboarding_surveys" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "onboarding_surveys_committee_idx" ON "onboarding_surveys" USING btree ("committee_status","committee_updated_at");