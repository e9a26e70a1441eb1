CREATE TABLE "team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_partners" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_token_uq" ON "team_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_invitations_partner_idx" ON "team_invitations" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_open_uq" ON "team_invitations" USING btree ("partner_id",lower("email")) WHERE "team_invitations"."accepted_at" is null and "team_invitations"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "audit_log_partner_user_at_idx" ON "audit_log" USING btree ("partner_id","user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_partner_method_at_idx" ON "audit_log" USING btree ("partner_id","method","at");--> statement-breakpoint
CREATE INDEX "audit_log_partner_object_at_idx" ON "audit_log" USING btree ("partner_id","object_id","at");--> statement-breakpoint
-- The audit detail a service records in its call's transaction (recordAuditDetail) joins that call's record.
CREATE OR REPLACE FUNCTION audit_log_detail() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE detail text := current_setting('moda.audit_detail', true);
BEGIN
  IF NEW.data IS NULL AND detail IS NOT NULL AND detail <> '' THEN
    NEW.data := detail::jsonb;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_detail BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_detail();
