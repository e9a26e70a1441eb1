-- Custom SQL migration file, put your code below! ---- The price index list sorts by pi_value both ways, nulls last, ties by id (productOrder): an index for each
-- direction lets a page be read in order instead of sorting the partner's products.
DROP INDEX IF EXISTS products_pi_value_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_pi_value_asc_idx ON products (partner_id, archived, pi_value ASC NULLS LAST, id ASC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_pi_value_desc_idx ON products (partner_id, archived, pi_value DESC NULLS LAST, id DESC);
