// Libraries that weigh tens of MB each once loaded — exceljs, pdfkit, sharp, bwip-js, file-type — loaded on
// their first use instead of at start: a server at rest that has read or made no file holds none of them
// (issue 26's idle memory). Each is imported once; a failed import is tried again at the next use.

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}

export const loadExcel = once(async () => (await import('exceljs')).default);
export const loadPdfKit = once(async () => (await import('pdfkit')).default);
export const loadSharp = once(async () => (await import('sharp')).default);
export const loadBwip = once(async () => (await import('bwip-js/node')).default);
export const loadFileType = once(() => import('file-type'));
