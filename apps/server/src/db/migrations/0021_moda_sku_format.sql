-- One format for Moda SKUs (contracts MODA_SKU): MD and 11 digits for a size, MDP and 11 digits for its parent,
-- as the seeded catalogue's MD10001000062 / MDP10001000001. The sequences started at 8 and 7 digits (MD90000000);
-- they now draw from 90000000000, above every demo number (they begin with the partner id, 1…), and stop
-- rather than grow a 12th digit. SKUs already issued stay as they are: they are on labels, in orders and in
-- sellers' files.
ALTER SEQUENCE moda_sku_seq MINVALUE 90000000000 MAXVALUE 99999999999 START WITH 90000000000 RESTART WITH 90000000000 NO CYCLE;
--> statement-breakpoint
ALTER SEQUENCE moda_parent_sku_seq MINVALUE 90000000000 MAXVALUE 99999999999 START WITH 90000000000 RESTART WITH 90000000000 NO CYCLE;
--> statement-breakpoint
-- The one place SKUs are drawn (manual creation and Excel import alike).
CREATE OR REPLACE FUNCTION next_moda_sku() RETURNS text LANGUAGE sql VOLATILE
  AS $$ SELECT 'MD' || nextval('moda_sku_seq') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION next_moda_parent_sku() RETURNS text LANGUAGE sql VOLATILE
  AS $$ SELECT 'MDP' || nextval('moda_parent_sku_seq') $$;
