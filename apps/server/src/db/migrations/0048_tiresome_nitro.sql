DROP INDEX "audit_log_partner_method_at_idx";--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "last_grant" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "area" text;--> statement-breakpoint
-- Issue 28: the area of every earlier record, by the same rules as auditAreaOf in contracts (access.ts's
-- method prefixes, the longest first; a platform call counts in the area it moves; invitations are the team's),
-- as they stood when the column was added. New records get their area from the dispatcher.
UPDATE "audit_log" a SET "area" = p.area FROM (
  SELECT DISTINCT ON (m.method) m.method, x.area
    FROM (SELECT DISTINCT "method" FROM "audit_log") m
    JOIN (VALUES
    ('v1.nomenclatures.validate-price', 'prices'),
    ('v1.nomenclatures.update-price', 'prices'),
    ('v1.nomenclatures.set-prices', 'prices'),
    ('v1.nomenclatures.price-history', 'prices'),
    ('v1.nomenclatures.prices-approve', 'prices'),
    ('v1.nomenclatures.prices-list', 'prices'),
    ('v1.nomenclatures.auto-conversion-price.', 'prices'),
    ('v1.nomenclatures.price-threshold-exceeded', 'prices'),
    ('v1.nomenclatures.', 'catalogue'),
    ('v1.catalogue.', 'catalogue'),
    ('v1.dictionaries.', 'catalogue'),
    ('v1.matching-manager.', 'prices'),
    ('v1.orders.', 'orders'),
    ('v1.fulfilment-shipments.', 'fbo'),
    ('v1.fulfilment-warehouses.', 'fbo'),
    ('v1.supplier-fulfilment-returns.', 'fbo'),
    ('v1.supplier-return.', 'fbo'),
    ('v1.analytics.recommended-shipment.', 'fbo'),
    ('v1.shipments.', 'fbs'),
    ('v1.return-boxes.', 'fbs'),
    ('v1.warehouses.', 'fbs'),
    ('v1.promotions.', 'promotions'),
    ('v2.promotions.', 'promotions'),
    ('v1.questions.', 'questions'),
    ('v1.feedback.', 'questions'),
    ('v1.analytics.', 'analytics'),
    ('v1.files.', 'files'),
    ('v1.exports.', 'files'),
    ('v1.imports.', 'files'),
    ('v1.imports.preview.', 'catalogue'),
    ('v1.imports.updates.', 'catalogue'),
    ('v1.seller.', 'account'),
    ('v1.offers.', 'account'),
    ('v1.partners.', 'account'),
    ('v1.support.', 'account'),
    ('v1.accounts.', 'account'),
    ('v1.surveys.', 'account'),
    ('v1.onboarding.', 'account'),
    ('v1.audit.', 'account'),
    ('v1.inbox.', 'account'),
    ('v1.team.', 'team'),
    ('v1.api-tokens.', 'api'),
    ('v1.webhooks.', 'api'),
    ('v1.invitations.', 'team')
    ) x(prefix, area)
      ON starts_with(CASE WHEN m.method LIKE 'v1.platform.%' THEN 'v1.' || substr(m.method, 13) ELSE m.method END, x.prefix)
   ORDER BY m.method, length(x.prefix) DESC
) p WHERE a."method" = p.method;--> statement-breakpoint
CREATE INDEX "audit_log_partner_area_at_idx" ON "audit_log" USING btree ("partner_id","area","at" DESC NULLS LAST,"id" DESC NULLS LAST);