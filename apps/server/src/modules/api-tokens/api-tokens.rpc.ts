// API token methods: the catalogue's names mapped onto the service.
import type { HandlerMap } from '../../core/handlers';
import type { ApiTokensService } from './api-tokens.service';

export const apiTokensRpc = (s: ApiTokensService) =>
  ({
    'v1.api-tokens.issue': (ctx, p) => s.issue(ctx, p),
    'v1.api-tokens.list': (ctx) => s.list(ctx),
    'v1.api-tokens.revoke': (ctx, p) => s.revoke(ctx, p.id),
    'v1.api-tokens.usage': (ctx, p) => s.usage(ctx, p),
    'v1.api-tokens.expiring': (ctx) => s.expiring(ctx),
  }) satisfies HandlerMap;
