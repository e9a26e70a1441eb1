// Partner and dictionary methods.
import type { HandlerMap } from '../../core/handlers';
import type { PartnersService } from './partners.service';

export const partnersRpc = (partners: PartnersService) =>
  ({
    'v1.dictionaries.get': (ctx) => partners.dictionaries(ctx),
    'v1.partners.activate-in-ui': (ctx) => partners.activateInUi(ctx),
    'v1.partners.search': (ctx, p) => partners.search(ctx, p.query, p.limit),
    'v1.partners.features.list': (ctx) => partners.features(ctx),
    'v1.partners.features.update': (ctx, p) => partners.setFeature(ctx, p.featureName, p.enabled),
  }) satisfies HandlerMap;
