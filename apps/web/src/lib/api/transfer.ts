// Moving bytes through REST (spec 001 §7): an upload that reports its progress (fetch cannot, so it is
// an XMLHttpRequest carrying the same bearer token and renewing it once on HTTP 401), and a download
// saved under the name the content-disposition header gives.
import { api } from './client';
import { fileNameFromDisposition } from './rpc-client';
import { RpcError } from './rpc-error';
import { cookieTokenStore } from '../session/token-storage';
import { lidStore } from '../usage/lid';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100. */
  percent: number;
}

interface XhrAnswer {
  status: number;
  body: unknown;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function send(url: string, body: FormData, onProgress?: (p: UploadProgress) => void): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = cookieTokenStore.get()?.accessToken;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    const lid = lidStore.get();
    if (lid) xhr.setRequestHeader('x-lid', lid);
    xhr.upload.onprogress = (e) => {
      if (!onProgress || !e.lengthComputable) return;
      onProgress({ loaded: e.loaded, total: e.total, percent: Math.round((e.loaded / e.total) * 100) });
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) });
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new Error('aborted'));
    xhr.send(body);
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * POST multipart form data under /rest with upload progress; returns the parsed JSON answer, throws
 * RpcError (with the server's Russian message) otherwise. Put the small fields before the file: the
 * server reads them first to know the limit.
 */
export async function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress?: (p: UploadProgress) => void,
): Promise<T> {
  const url = `/rest${path}`;
  const label = `POST ${path}`;
  let answer: XhrAnswer;
  try {
    answer = await send(url, form, onProgress);
    if (answer.status === 401) {
      await api.refresh();
      answer = await send(url, form, onProgress);
    }
  } catch (cause) {
    if (cause instanceof RpcError) throw cause;
    throw new RpcError({
      method: label,
      request: undefined,
      response: undefined,
      apiMessage: undefined,
      code: undefined,
      cause,
    });
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  const error = isObject(answer.body) && isObject(answer.body.error) ? answer.body.error : undefined;
  throw new RpcError({
    method: label,
    request: undefined,
    response: answer.body,
    status: answer.status,
    apiMessage: typeof error?.message === 'string' ? error.message : undefined,
    code: typeof error?.code === 'number' ? error.code : undefined,
    data: isObject(error?.data) ? error.data : undefined,
  });
}

/** Saves a blob through a detached link (the shell's external-link guard never sees a blob: address). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Fetches a file under /rest through the client (so an expired token is renewed first) and saves it
 * under the content-disposition name, or the fallback. Returns the name used.
 */
export async function downloadFile(path: string, fallbackName: string, init?: RequestInit): Promise<string> {
  const response = await api.rest(path, init);
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}
