ALTER TABLE "fbo_stock_state" ADD COLUMN "on_hand" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fbo_stock_state" ADD COLUMN "in_transit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fbo_stock_state" ADD COLUMN "recommended" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fbo_stock_state" ADD COLUMN "lacks_marking" integer DEFAULT 0 NOT NULL;