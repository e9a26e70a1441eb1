-- The products' title trigram index is dropped (issue 26): the list's search ORs the name with the SKUs and the
-- barcode, and its plans read the partner's rows filtered by ILIKE — EXPLAIN on the benchmark's 1,000,000
-- products (a partner of 100,000; common, rare and absent words) never read this index. Keeping it cost two
-- fifths of an import's database time (2.2 of 5.7 s for 100,000 products), the same trigrams once per size.
DROP INDEX IF EXISTS "products_title_trgm_idx";
