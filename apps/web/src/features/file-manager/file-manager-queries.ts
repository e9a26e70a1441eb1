// The file manager's lists (spec 001 §7 exports list, imports list): the current partner's tasks,
// newest first, polled every 10 s while one of them is still in progress.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExportRecord, FileRecord } from '@moda/contracts';
import { api } from '../../lib/api/client';
import type { Params } from '../../lib/api/rpc-client';

export const FILE_MANAGER_POLL_MS = 10_000;
export const FILE_MANAGER_PAGE_SIZE = 20;

export const fileManagerKeys = {
  all: ['file-manager'] as const,
  exports: (partnerId: number, filter: object) =>
    [...fileManagerKeys.all, partnerId, 'exports', filter] as const,
  imports: (partnerId: number, filter: object) =>
    [...fileManagerKeys.all, partnerId, 'imports', filter] as const,
};

export const exportInProgress = (e: ExportRecord) => e.status === 'PROCESSING' || e.status === 'QUARANTINE';
export const importInProgress = (f: FileRecord) => f.status === 'new' || f.status === 'executing';

type ExportFilter = Pick<Params<'v1.exports.list'>, 'type' | 'status' | 'page'>;
type ImportFilter = Pick<Params<'v1.imports.list'>, 'type' | 'status' | 'page'>;

export function useExportsList(partnerId: number, filter: ExportFilter) {
  return useQuery({
    queryKey: fileManagerKeys.exports(partnerId, filter),
    queryFn: () => api.call('v1.exports.list', { partnerId, ...filter, pageSize: FILE_MANAGER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.items.some(exportInProgress) ? FILE_MANAGER_POLL_MS : false),
  });
}

export function useImportsList(partnerId: number, filter: ImportFilter) {
  return useQuery({
    queryKey: fileManagerKeys.imports(partnerId, filter),
    queryFn: () => api.call('v1.imports.list', { partnerId, ...filter, pageSize: FILE_MANAGER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.items.some(importInProgress) ? FILE_MANAGER_POLL_MS : false),
  });
}
