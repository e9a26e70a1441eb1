-- Every product row names its size (the contract's card needs one per size). The demo catalogue stored rows
-- without: such a row gets the size its seller SKU names — the part after «<parent SKU>-», or ONE of the
-- ONE_SIZE scale when the SKU is the parent's own (one-size accessories, beauty and home goods).
UPDATE "products"
   SET "attributes" = "attributes" || '{"size": "ONE", "sizeScale": "ONE_SIZE"}'::jsonb
 WHERE NOT "attributes" ? 'size'
   AND "seller_sku" = "seller_parent_sku";
--> statement-breakpoint
UPDATE "products"
   SET "attributes" = "attributes" || jsonb_build_object('size', substr("seller_sku", length("seller_parent_sku") + 2))
 WHERE NOT "attributes" ? 'size'
   AND length("seller_sku") > length("seller_parent_sku") + 1
   AND left("seller_sku", length("seller_parent_sku") + 1) = "seller_parent_sku" || '-';
