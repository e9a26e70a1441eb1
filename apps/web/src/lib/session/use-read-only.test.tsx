// The read-only hook: restricted as the server says for the current partner only, a signature asked
// for when a version waits and the cabinet is open, and open while the statuses are unknown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RpcError } from '../api/rpc-error';
import { dictionaryFor, FBS_PARTNER, SELLER_PARTNER } from '../../test/fake-server';
import { serve } from '../../test/mock-api';
import type { SessionState } from './session-store';
import { isOfferRestrictedError, readOnlyStateOf, useReadOnly } from './use-read-only';

const call = vi.hoisted(() => vi.fn());
const state = vi.hoisted((): { current: unknown } => ({ current: undefined }));
vi.mock('../api/client', () => ({ api: { call }, onSessionExpired: () => () => undefined }));
vi.mock('./session', () => ({ useSession: () => state.current }));

const RESTRICTED = { partnerId: 10001, hasActual: false, hasPending: true, restricted: true };
const PENDING = { partnerId: 10002, hasActual: true, hasPending: true, restricted: false };

function ready(partner = SELLER_PARTNER): SessionState {
  const dictionaries = dictionaryFor([SELLER_PARTNER, FBS_PARTNER]);
  return { status: 'ready', dictionaries, user: dictionaries.user, partner };
}

function renderReadOnly() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useReadOnly(), { wrapper });
}

afterEach(() => call.mockReset());

describe('readOnlyStateOf', () => {
  it('follows spec 000 §4: restricted as told; sign when a version waits and not restricted', () => {
    expect(readOnlyStateOf(RESTRICTED)).toMatchObject({ readOnly: true, needsSignature: false });
    expect(readOnlyStateOf(PENDING)).toMatchObject({ readOnly: false, needsSignature: true });
    expect(readOnlyStateOf({ ...PENDING, hasPending: false })).toMatchObject({
      readOnly: false,
      needsSignature: false,
    });
    expect(readOnlyStateOf(null)).toEqual({ readOnly: false, needsSignature: false, status: null });
  });
});

describe('useReadOnly', () => {
  it('is read-only for a restricted current partner', async () => {
    state.current = ready(SELLER_PARTNER);
    serve(call, { 'v1.offers.statuses.list': () => ({ items: [RESTRICTED, PENDING] }) });
    const { result } = renderReadOnly();
    await waitFor(() => expect(result.current.readOnly).toBe(true));
    expect(result.current.needsSignature).toBe(false);
    expect(call).toHaveBeenCalledWith('v1.offers.statuses.list', {});
  });

  it('asks for a signature on another partner of the same user, without restricting it', async () => {
    state.current = ready(FBS_PARTNER);
    serve(call, { 'v1.offers.statuses.list': () => ({ items: [RESTRICTED, PENDING] }) });
    const { result } = renderReadOnly();
    await waitFor(() => expect(result.current.needsSignature).toBe(true));
    expect(result.current.readOnly).toBe(false);
  });

  it('stays open for a partner the statuses do not list (staff acting for it)', async () => {
    state.current = ready({ ...SELLER_PARTNER, partnerId: 99999 });
    serve(call, { 'v1.offers.statuses.list': () => ({ items: [RESTRICTED] }) });
    const { result } = renderReadOnly();
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(result.current).toMatchObject({ readOnly: false, needsSignature: false, status: null });
  });

  it('stays open, and reports the cause, when the statuses cannot be read', async () => {
    state.current = ready();
    call.mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderReadOnly();
    await waitFor(() => expect(result.current.error).toBeInstanceOf(TypeError));
    expect(result.current.readOnly).toBe(false);
  });

  it('asks nothing without a session or a partner', () => {
    state.current = { status: 'anonymous' } satisfies SessionState;
    const { result } = renderReadOnly();
    expect(result.current.readOnly).toBe(false);
    state.current = ready(null as never);
    renderReadOnly();
    expect(call).not.toHaveBeenCalled();
  });
});

describe('isOfferRestrictedError', () => {
  const error = (code: number, reason: string) =>
    new RpcError({
      method: 'm',
      request: {},
      response: {},
      apiMessage: 'x',
      code,
      status: 200,
      data: { reason },
    });
  it('knows the 50403 offer.restricted refusal and nothing else', () => {
    expect(isOfferRestrictedError(error(50403, 'offer.restricted'))).toBe(true);
    expect(isOfferRestrictedError(error(50403, 'common.forbidden'))).toBe(false);
    expect(isOfferRestrictedError(error(50400, 'offer.restricted'))).toBe(false);
    expect(isOfferRestrictedError(new Error('offer.restricted'))).toBe(false);
  });
});
