// FBS methods: the seller's shipments and return boxes, and the courier's and sorting centre's v1.platform.* side.
import type { HandlerMap } from '../../core/handlers';
import type { FbsService } from './fbs.service';

export const fbsRpc = (s: FbsService) => {
  return {
    'v1.shipments.list': (ctx, x) => s.list(ctx, x),
    'v1.shipments.get': (ctx, x) => s.get(ctx, x.id),
    'v1.shipments.items': (ctx, x) => s.items(ctx, x),
    'v1.shipments.statuses': async () => s.statuses(),
    'v1.shipments.confirm': (ctx, x) => s.confirm(ctx, x.id),
    'v1.shipments.cancel': (ctx, x) => s.cancel(ctx, x.id),
    'v1.return-boxes.list': (ctx, x) => s.boxes(ctx, x),
    'v1.return-boxes.count': (ctx, x) => s.boxCounts(ctx, x),
    'v1.return-boxes.get': (ctx, x) => s.box(ctx, x.id),
    'v1.return-boxes.statuses': async () => s.boxStatuses(),
    'v1.platform.shipments.list': (ctx, x) => s.platformList(ctx, x),
    'v1.platform.shipments.move': (ctx, x) => s.platformMove(ctx, x),
    'v1.platform.return-boxes.list': (ctx, x) => s.platformBoxes(ctx, x),
    'v1.platform.return-boxes.fill': (ctx, x) => s.platformFill(ctx, x),
    'v1.platform.return-boxes.close': (ctx, x) => s.platformClose(ctx, x),
    'v1.platform.return-boxes.move': (ctx, x) => s.platformBoxMove(ctx, x),
  } satisfies HandlerMap;
};
