// Update files' methods (issue 28): the preview, apply, drop, rollback and the list of updates.
import type { HandlerMap } from '../../core/handlers';
import type { ImportUpdatesService } from './imports.updates';

export const importsRpc = (u: ImportUpdatesService) =>
  ({
    'v1.imports.preview.get': (ctx, p) => u.get(ctx, p),
    'v1.imports.preview.apply': (ctx, p) => u.apply(ctx, p.fileImportId),
    'v1.imports.preview.drop': (ctx, p) => u.drop(ctx, p.fileImportId),
    'v1.imports.updates.rollback': (ctx, p) => u.rollback(ctx, p.fileImportId),
    'v1.imports.updates.list': (ctx, p) => u.list(ctx, p),
  }) satisfies HandlerMap;
