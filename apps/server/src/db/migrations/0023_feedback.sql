CREATE TABLE "feedback_counts" (
	"partner_id" integer NOT NULL,
	"type" text NOT NULL,
	"answer_status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "feedback_counts_pk" PRIMARY KEY("partner_id","type","answer_status")
);
--> statement-breakpoint
CREATE TABLE "feedback_settings" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"seller_answers" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_strikes" (
	"partner_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"feedback_id" bigint NOT NULL,
	"type" text NOT NULL,
	"product_title" text NOT NULL,
	"seller_parent_sku" text NOT NULL,
	"answer_text" text NOT NULL,
	"reason" text NOT NULL,
	"comment" text,
	"rejected_at" timestamp with time zone NOT NULL,
	"rejected_by" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	CONSTRAINT "feedback_strikes_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "feedback_templates" (
	"partner_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_templates_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"partner_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"seller_sku" text NOT NULL,
	"seller_parent_sku" text NOT NULL,
	"moda_sku" text NOT NULL,
	"moda_parent_sku" text NOT NULL,
	"product_title" text NOT NULL,
	"brand" text NOT NULL,
	"size" text,
	"text" text NOT NULL,
	"rating" smallint,
	"size_fit" text,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer_status" text DEFAULT 'new' NOT NULL,
	"answer_text" text,
	"answer_author" text,
	"answer_sent_at" timestamp with time zone,
	"answer_updated_at" timestamp with time zone,
	"answer_published_at" timestamp with time zone,
	"answer_flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"rejection_reason" text,
	"rejection_comment" text,
	"rejected_at" timestamp with time zone,
	"moderated_by" text,
	"search_text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
ALTER TABLE "feedback_settings" ADD CONSTRAINT "feedback_settings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_strikes" ADD CONSTRAINT "feedback_strikes_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_templates" ADD CONSTRAINT "feedback_templates_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_strikes_partner_idx" ON "feedback_strikes" USING btree ("partner_id","rejected_at");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_templates_name_uq" ON "feedback_templates" USING btree ("partner_id","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "questions_type_created_idx" ON "questions" USING btree ("partner_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "questions_status_created_idx" ON "questions" USING btree ("partner_id","type","answer_status","created_at","id");--> statement-breakpoint
CREATE INDEX "questions_rating_idx" ON "questions" USING btree ("partner_id","type","rating","created_at","id");--> statement-breakpoint
CREATE INDEX "questions_parent_idx" ON "questions" USING btree ("partner_id","seller_parent_sku");--> statement-breakpoint
CREATE INDEX "questions_brand_idx" ON "questions" USING btree ("partner_id","brand");--> statement-breakpoint
CREATE INDEX "questions_search_trgm_idx" ON "questions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questions_moderation_idx" ON "questions" USING btree ("answer_sent_at") WHERE answer_status = 'on_moderation';
--> statement-breakpoint
-- Counts per partner, kind and answer status, kept by statement-level triggers, so the screen's tabs, the
-- «new» badge and an unfiltered list's total read a handful of rows however many items a partner has.
CREATE FUNCTION feedback_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO feedback_counts AS c (partner_id, type, answer_status, n)
      SELECT partner_id, type, answer_status, -count(*) FROM old_rows GROUP BY 1, 2, 3
    ON CONFLICT (partner_id, type, answer_status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO feedback_counts AS c (partner_id, type, answer_status, n)
      SELECT partner_id, type, answer_status, count(*) FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (partner_id, type, answer_status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION feedback_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM feedback_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER feedback_counts_ins AFTER INSERT ON questions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION feedback_counts_apply();
--> statement-breakpoint
CREATE TRIGGER feedback_counts_upd AFTER UPDATE ON questions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION feedback_counts_apply();
--> statement-breakpoint
CREATE TRIGGER feedback_counts_del AFTER DELETE ON questions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION feedback_counts_apply();
--> statement-breakpoint
CREATE TRIGGER feedback_counts_truncate AFTER TRUNCATE ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION feedback_counts_clear();
--> statement-breakpoint
-- Custom indexes Drizzle cannot declare. The last 30 days of a partner for the timely-answer share (and the
-- list of both kinds), read from the index alone: the answer's columns ride along.
CREATE INDEX "questions_created_idx" ON "questions" USING btree ("partner_id","created_at")
  INCLUDE ("type","answer_status","answer_author","answer_sent_at");
--> statement-breakpoint
-- The product filter: any SKU of the product, of the size or its parent, the seller's or the marketplace's.
CREATE INDEX "questions_skus_idx" ON "questions" USING gin
  ((array["seller_parent_sku","moda_parent_sku","seller_sku","moda_sku"]));
