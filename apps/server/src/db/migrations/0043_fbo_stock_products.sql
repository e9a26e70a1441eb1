-- A product renamed, rebranded, recategorised or marked (its attributes) changes its rows on the FBO stock screen
-- (issue 18): the partner's kept stock rows are marked stale as by the other sources (0041). Products already
-- keep transition tables for their counts, so this trigger reads the same one.
CREATE TRIGGER fbo_stock_products_upd AFTER UPDATE ON products REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fbo_stock_changed();
