// Auth methods: thin mapping from the catalogue to the service.
import type { HandlerMap } from '../../core/handlers';
import type { SessionsService } from './sessions.service';

export const sessionsRpc = (auth: SessionsService) =>
  ({
    'v1.tokens.create': (ctx, p) => auth.login(ctx, p),
    'v1.tokens.update': (ctx, p) => auth.refresh(ctx, p.refreshToken),
    'v1.tokens.revoke': (ctx, p) => auth.revoke(ctx, p.refreshToken),
  }) satisfies HandlerMap;
