// The upload with progress: the bearer token and visitor id go along, progress is reported in percent,
// an HTTP 401 renews the token once and sends again, and a refusal becomes an RpcError with the
// server's Russian message.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './client';
import { isRpcError } from './rpc-error';
import { uploadWithProgress } from './transfer';

vi.mock('./client', () => ({ api: { refresh: vi.fn(), rest: vi.fn() } }));

interface Answer {
  status: number;
  body: string;
}

class FakeXhr {
  static answers: Answer[] = [];
  static sent: FakeXhr[] = [];
  headers: Record<string, string> = {};
  url = '';
  method = '';
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    const answer = FakeXhr.answers.shift();
    queueMicrotask(() => {
      if (!answer) {
        this.onerror?.();
        return;
      }
      this.upload.onprogress?.({ lengthComputable: true, loaded: 512, total: 2048 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 2048, total: 2048 });
      this.status = answer.status;
      this.responseText = answer.body;
      this.onload?.();
    });
  }
}

const form = () => {
  const f = new FormData();
  f.append('type', 'nomenclature_import');
  return f;
};

beforeEach(() => {
  FakeXhr.answers = [];
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  document.cookie = 'moda_access_token=access-1; Path=/';
  document.cookie = 'moda_refresh_token=refresh-1; Path=/';
  vi.mocked(api.refresh).mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadWithProgress', () => {
  it('posts under /rest with the bearer token and reports the progress in percent', async () => {
    FakeXhr.answers.push({ status: 201, body: JSON.stringify({ id: 'f1', status: 'new' }) });
    const progress: number[] = [];
    const result = await uploadWithProgress<{ id: string }>('/api/v1/files', form(), (p) =>
      progress.push(p.percent),
    );
    expect(result).toEqual({ id: 'f1', status: 'new' });
    expect(progress).toEqual([25, 100]);
    const [xhr] = FakeXhr.sent;
    expect(xhr).toMatchObject({ method: 'POST', url: '/rest/api/v1/files' });
    expect(xhr!.headers.authorization).toBe('Bearer access-1');
    expect((xhr!.body as FormData).get('type')).toBe('nomenclature_import');
  });

  it('renews the token once on HTTP 401 and sends again with the new one', async () => {
    FakeXhr.answers.push({ status: 401, body: '' }, { status: 201, body: '{"id":"f2"}' });
    vi.mocked(api.refresh).mockImplementation(async () => {
      document.cookie = 'moda_access_token=access-2; Path=/';
    });
    await expect(uploadWithProgress('/api/v1/files', form())).resolves.toEqual({ id: 'f2' });
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(FakeXhr.sent.map((x) => x.headers.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
  });

  it('turns a refusal into an RpcError carrying the server’s message and field errors', async () => {
    FakeXhr.answers.push({
      status: 413,
      body: JSON.stringify({
        error: {
          code: 50400,
          message: 'Файл слишком большой: максимальный размер — 16 МБ',
          data: { errors: [{ field: 'file', message: 'Файл слишком большой: максимальный размер — 16 МБ' }] },
        },
      }),
    });
    const error = await uploadWithProgress('/api/v1/files', form()).catch((e: unknown) => e);
    expect(isRpcError(error)).toBe(true);
    if (!isRpcError(error)) return;
    expect(error.status).toBe(413);
    expect(error.apiMessage).toBe('Файл слишком большой: максимальный размер — 16 МБ');
    expect(error.fieldErrors[0]?.field).toBe('file');
  });

  it('turns a network failure into an RpcError without a server message', async () => {
    const error = await uploadWithProgress('/api/v1/files', form()).catch((e: unknown) => e);
    expect(isRpcError(error)).toBe(true);
    expect(isRpcError(error) && error.apiMessage).toBeUndefined();
    expect(api.refresh).not.toHaveBeenCalled();
  });
});
