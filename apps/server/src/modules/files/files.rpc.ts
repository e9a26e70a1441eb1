// File record methods.
import type { HandlerMap } from '../../rpc/handlers';
import type { FilesService } from './files.service';

export const filesRpc = (files: FilesService) =>
  ({
    'v1.files.get': (ctx, p) => files.get(ctx, p.fileImportId),
    'v1.imports.list': (ctx, p) => files.list(ctx, p),
  }) satisfies HandlerMap;
