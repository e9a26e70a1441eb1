// Webhook methods: the catalogue's names mapped onto the service.
import type { HandlerMap } from '../../core/handlers';
import type { WebhooksService } from './webhooks.service';

export const webhooksRpc = (w: WebhooksService) =>
  ({
    'v1.webhooks.list': (ctx) => w.list(ctx),
    'v1.webhooks.create': (ctx, p) => w.create(ctx, p),
    'v1.webhooks.update': (ctx, p) => w.update(ctx, p),
    'v1.webhooks.delete': (ctx, p) => w.delete(ctx, p.id),
    'v1.webhooks.enable': (ctx, p) => w.enable(ctx, p.id),
    'v1.webhooks.deliveries': (ctx, p) => w.deliveries(ctx, p),
    'v1.webhooks.test': (ctx, p) => w.test(ctx, p.id),
    'v1.webhooks.replay': (ctx, p) => w.replay(ctx, p),
  }) satisfies HandlerMap;
