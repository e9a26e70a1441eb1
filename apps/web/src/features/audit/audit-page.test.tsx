// The audit log screen against a scripted server: records with the action in Russian words, the object's
// link, before and after; a filter goes to the URL and to the server; «Далее» and «Назад» page by the server's
// cursors, kept in the URL.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ACCESS_AREA_LABELS, AUDIT_METHOD_LABELS } from '@moda/contracts';
import { AntdProvider } from '../../components/theme/antd-provider';
import { dictionaryFor, SELLER_PARTNER } from '../../test/fake-server';
import { callsOf, serve } from '../../test/mock-api';
import { auditText } from './locale';
import { AuditPage } from './audit-page';

const call = vi.hoisted(() => vi.fn());
const state = vi.hoisted((): { current: unknown } => ({ current: undefined }));
vi.mock('../../lib/api/client', () => ({ api: { call }, onSessionExpired: () => () => undefined }));
vi.mock('../../lib/session/session', () => ({ useSession: () => state.current }));

const RECORD = {
  id: '1',
  at: '2026-11-20T10:00:00.000Z',
  userId: '11111111-1111-4111-8111-111111111111',
  userEmail: 'owner@moda.test',
  method: 'v1.nomenclatures.update-price',
  objectId: '4242',
  credential: 'f',
  ip: '203.0.113.7',
  changes: [{ objectId: '4242', field: 'price:RU', before: 1000, after: 950 }],
};

/** A change a program made with an API token its issuer named «ERP». */
const TOKEN_RECORD = {
  ...RECORD,
  id: '2',
  method: 'v1.feedback.templates.save',
  objectId: null,
  credential: 'api-token:22222222-2222-4222-8222-222222222222',
  tokenName: 'ERP',
  changes: [],
};

function renderAudit(path = '/profile/audit') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/profile/audit',
        element: (
          <AntdProvider>
            <App>
              <QueryClientProvider client={client}>
                <AuditPage />
              </QueryClientProvider>
            </App>
          </AntdProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup({ pointerEventsCheck: 0, delay: null }) };
}

beforeEach(() => {
  state.current = { status: 'ready', dictionaries: dictionaryFor([SELLER_PARTNER]), partner: SELLER_PARTNER };
  serve(call, {
    'v1.audit.list': () => ({
      items: [RECORD, TOKEN_RECORD],
      total: 1_000,
      totalCapped: true,
      nextCursor: null,
      prevCursor: null,
    }),
  });
});
afterEach(() => call.mockReset());

describe('audit log screen', () => {
  it('shows who did what in Russian words, the object’s link and the price before and after', async () => {
    renderAudit();
    expect(
      await screen.findByText(AUDIT_METHOD_LABELS['v1.nomenclatures.update-price']!),
    ).toBeInTheDocument();
    expect(screen.getByText('owner@moda.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '4242' })).toHaveAttribute(
      'href',
      '/nomenclatures/edit/manually/4242',
    );
    expect(screen.getByText(`${auditText.fields.price} (RU): 1000 → 950`)).toBeInTheDocument();
    expect(screen.getAllByText('203.0.113.7')).toHaveLength(2);
    expect(screen.getByText(/больше 1[\s\u00a0]?000/)).toBeInTheDocument();
    expect(screen.getByText('owner@moda.test, API-токен «ERP»')).toBeInTheDocument();
  });

  it('sends the filters of the address to the server', async () => {
    renderAudit('/profile/audit?area=prices&user=owner%40moda.test&dateFrom=2026-11-01&dateTo=2026-11-20');
    await screen.findByText('owner@moda.test');
    await waitFor(() =>
      expect(callsOf(call, 'v1.audit.list')[0]).toEqual({
        partnerId: SELLER_PARTNER.partnerId,
        pageSize: 20,
        area: 'prices',
        user: 'owner@moda.test',
        dateFrom: '2026-11-01',
        dateTo: '2026-11-20',
      }),
    );
    expect(screen.getAllByText(ACCESS_AREA_LABELS.prices).length).toBeGreaterThan(0);
  });

  it('pages by the server’s cursors and starts again from the newest when a filter changes', async () => {
    const NEXT = 'a1763632800000000.41';
    const PREV = 'b1763632700000000.21';
    // The second page (after NEXT) has a page before it; the page before it (PREV) is the first one.
    serve(call, {
      'v1.audit.list': (p: { cursor?: string }) => {
        const second = p.cursor === NEXT;
        return {
          items: [{ ...RECORD, id: second ? '21' : '1' }],
          total: 30,
          totalCapped: false,
          nextCursor: second ? null : NEXT,
          prevCursor: second ? PREV : null,
        };
      },
    });
    const { router, user } = renderAudit('/profile/audit?area=prices');
    await screen.findByText('owner@moda.test');
    const back = () => screen.getByRole('button', { name: new RegExp(auditText.pager.prev) });
    const next = () => screen.getByRole('button', { name: new RegExp(auditText.pager.next) });
    expect(back()).toBeDisabled();
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    await waitFor(() => expect(router.state.location.search).toBe(`?area=prices&cursor=${NEXT}`));
    await waitFor(() => expect(next()).toBeDisabled());
    expect(callsOf(call, 'v1.audit.list').at(-1)).toMatchObject({ cursor: NEXT, area: 'prices' });
    await user.click(back());
    // The server answered PREV with the first page: the address drops the cursor.
    await waitFor(() => expect(callsOf(call, 'v1.audit.list').at(-1)).toMatchObject({ cursor: PREV }));
    await waitFor(() => expect(router.state.location.search).toBe('?area=prices'));
    await waitFor(() => expect(back()).toBeDisabled());
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    await waitFor(() => expect(router.state.location.search).toBe(`?area=prices&cursor=${NEXT}`));
    // A filter's change drops the cursor: the list starts from the newest records.
    await user.click(screen.getByRole('button', { name: auditText.filters.reset }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
