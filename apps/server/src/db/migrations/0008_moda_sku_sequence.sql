-- Marketplace SKUs of new cards: MD + a number from one sequence, unique across partners.
CREATE SEQUENCE IF NOT EXISTS moda_sku_seq START 90000000;
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS moda_parent_sku_seq START 9000000;
