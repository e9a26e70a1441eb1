CREATE TABLE "onboarding_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survey_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"format" text,
	"size" bigint,
	"storage_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "onboarding_surveys" ADD COLUMN "warning_sent_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onboarding_attachments" ADD CONSTRAINT "onboarding_attachments_survey_id_onboarding_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."onboarding_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_attachments_survey_idx" ON "onboarding_attachments" USING btree ("survey_id");