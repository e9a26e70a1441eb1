-- product_counts is created with its triggers by 0006; this migration only brings Drizzle's snapshot up to date.
SELECT 1;
