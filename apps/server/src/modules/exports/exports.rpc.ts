// Export methods of the file manager.
import type { HandlerMap } from '../../core/handlers';
import type { ExportsService } from './exports.service';

export const exportsRpc = (exports: ExportsService) =>
  ({
    'v1.exports.create': (ctx, p) => exports.create(ctx, p),
    'v1.exports.list': (ctx, p) => exports.list(ctx, p),
  }) satisfies HandlerMap;
