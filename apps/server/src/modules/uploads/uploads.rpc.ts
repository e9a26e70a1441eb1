// File record methods.
import type { HandlerMap } from '../../core/handlers';
import type { UploadsService } from './uploads.service';

export const uploadsRpc = (files: UploadsService) =>
  ({
    'v1.files.get': (ctx, p) => files.get(ctx, p.fileImportId),
    'v1.imports.list': (ctx, p) => files.list(ctx, p),
  }) satisfies HandlerMap;
