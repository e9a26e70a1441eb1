// Server calls of the Excel import: the template (POST → xlsx, named by content-disposition), the
// upload with progress (POST /rest/api/v1/files, type nomenclature_import) and the polling of each
// uploaded file through v1.files.get every 10 s while it is open (spec 001 §7, §9).
import { useQueries, useQuery } from '@tanstack/react-query';
import { PRODUCT, type FileRecord } from '@moda/contracts';
import type { TemplateMode } from './reduced-allowed';
import { api } from '../../../lib/api/client';
import { downloadFile, uploadWithProgress, type UploadProgress } from '../../../lib/api/transfer';

export const FILE_POLL_MS = 10_000;
export const TEMPLATE_PATH = `/api/${PRODUCT}-seller/nomenclature/template-generate`;

export const importKeys = {
  file: (partnerId: number, id: string) => ['imports', partnerId, 'file', id] as const,
};

export function downloadTemplate(partnerId: number, category: string, mode: TemplateMode) {
  return downloadFile(TEMPLATE_PATH, `template_${category}_${mode}.xlsx`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ partnerId, category, mode }),
  });
}

export function uploadImportFile(partnerId: number, file: File, onProgress: (p: UploadProgress) => void) {
  const form = new FormData();
  form.append('type', 'nomenclature_import');
  form.append('partner_code', String(partnerId));
  form.append('file', file, file.name);
  return uploadWithProgress<FileRecord>('/api/v1/files', form, onProgress);
}

export const downloadErrorFile = (file: Pick<FileRecord, 'id' | 'name'>) =>
  downloadFile(`/api/v1/files/${file.id}/result/download`, `${file.name.split('.')[0] || 'file'}_error.csv`);

export const isOpenTask = (f: Pick<FileRecord, 'status'> | undefined) =>
  !f || f.status === 'new' || f.status === 'executing';

/**
 * Which of the finished tasks are update files with a preview (issue 28): their task links to the preview.
 */
export function useUpdatePreviews(partnerId: number, finishedOk: string[]) {
  const query = useQuery({
    queryKey: ['import-updates', partnerId, 'of', finishedOk],
    queryFn: () =>
      api.call('v1.imports.updates.list', { partnerId, fileImportIds: finishedOk, pageSize: 100 }),
    enabled: finishedOk.length > 0,
  });
  return new Set((query.data?.items ?? []).map((u) => u.fileImportId));
}

/** Each task polled on its own while it is open; a finished one is read no more. */
export function useImportTasks(partnerId: number, ids: string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: importKeys.file(partnerId, id),
      queryFn: () => api.call('v1.files.get', { partnerId, fileImportId: id }),
      staleTime: 0,
      refetchInterval: (query: { state: { data: FileRecord | undefined; status: string } }) =>
        query.state.status !== 'error' && isOpenTask(query.state.data) ? FILE_POLL_MS : false,
      refetchIntervalInBackground: true,
      retry: false,
    })),
  });
}
