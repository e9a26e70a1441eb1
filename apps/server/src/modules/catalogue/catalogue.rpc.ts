// Catalogue reference and product card methods.
import type { HandlerMap } from '../../core/handlers';
import type { CatalogueService } from './catalogue.service';
import type { ImagesService } from './images.service';

export const catalogueRpc = (c: CatalogueService, images: ImagesService) =>
  ({
    'v1.catalogue.categories.list': async () => c.categories(),
    'v1.catalogue.attributes.list': async (_ctx, p) => c.attributes(p.category),
    'v1.catalogue.attribute-mappings.get': async (_ctx, p) => c.mappings(p.category),
    'v1.catalogue.attribute-dictionaries.get': async (_ctx, p) => c.dictionary(p.dictionary),
    'v1.catalogue.erp-categories.list': async (_ctx, p) => c.erpCategories(p.category),
    'v1.catalogue.brands.list': (ctx) => c.brands(ctx),
    'v1.nomenclatures.store': (ctx, p) => c.store(ctx, p.card),
    'v1.nomenclatures.card.get': (ctx, p) => c.card(ctx, p.id),
    'v1.nomenclatures.moderate': (ctx, p) => c.moderate(ctx, p.sellerParentSku, p.decision, p.reason),
    'v1.nomenclatures.images.list': (ctx, p) => images.list(ctx, p.sellerParentSku),
    'v1.nomenclatures.images.update': (ctx, p) => images.update(ctx, p.sellerParentSku, p.order),
  }) satisfies HandlerMap;
