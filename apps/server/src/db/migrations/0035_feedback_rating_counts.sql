CREATE TABLE "feedback_rating_counts" (
	"partner_id" integer NOT NULL,
	"type" text NOT NULL,
	"answer_status" text NOT NULL,
	"rating" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "feedback_rating_counts_pk" PRIMARY KEY("partner_id","type","rating","answer_status")
);
--> statement-breakpoint
-- Kept by statement-level triggers as feedback_counts (0023) is, for rated rows only; an update nets the old and
-- the new rows per key and writes only where something moved (an answer's edit touches no count row).
CREATE FUNCTION feedback_rating_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO feedback_rating_counts AS c (partner_id, type, rating, answer_status, n)
      SELECT partner_id, type, rating, answer_status, count(*) FROM new_rows WHERE rating IS NOT NULL GROUP BY 1, 2, 3, 4
    ON CONFLICT (partner_id, type, rating, answer_status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO feedback_rating_counts AS c (partner_id, type, rating, answer_status, n)
      SELECT partner_id, type, rating, answer_status, -count(*) FROM old_rows WHERE rating IS NOT NULL GROUP BY 1, 2, 3, 4
    ON CONFLICT (partner_id, type, rating, answer_status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO feedback_rating_counts AS c (partner_id, type, rating, answer_status, n)
      SELECT partner_id, type, rating, answer_status, sum(d) FROM (
        SELECT partner_id, type, rating, answer_status, -1 AS d FROM old_rows WHERE rating IS NOT NULL
        UNION ALL
        SELECT partner_id, type, rating, answer_status, 1 AS d FROM new_rows WHERE rating IS NOT NULL
      ) x GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0
    ON CONFLICT (partner_id, type, rating, answer_status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION feedback_rating_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM feedback_rating_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER feedback_rating_counts_ins AFTER INSERT ON questions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION feedback_rating_counts_apply();
--> statement-breakpoint
CREATE TRIGGER feedback_rating_counts_upd AFTER UPDATE ON questions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION feedback_rating_counts_apply();
--> statement-breakpoint
CREATE TRIGGER feedback_rating_counts_del AFTER DELETE ON questions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION feedback_rating_counts_apply();
--> statement-breakpoint
CREATE TRIGGER feedback_rating_counts_truncate AFTER TRUNCATE ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION feedback_rating_counts_clear();
--> statement-breakpoint
INSERT INTO feedback_rating_counts (partner_id, type, rating, answer_status, n)
  SELECT partner_id, type, rating, answer_status, count(*) FROM questions WHERE rating IS NOT NULL GROUP BY 1, 2, 3, 4;
