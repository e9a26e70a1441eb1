// The API tab against a scripted server: the tokens with last use and expiry, issuing with scopes from the
// areas table (the contract's own message when none is chosen, a bad IP range on its field), the secret shown
// once, revoking after a confirmation, and a token's usage with its failures.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCESS_AREA_LABELS, fill } from '@moda/contracts';
import { SELLER_PARTNER } from '../../../test/fake-server';
import { callsOf } from '../../../test/mock-api';
import { mockScreen, renderScreen } from '../../../test/mocked-screen';
import { apiTokensText as text } from '../locale';
import { ApiTokensPage } from './api-page';

const call = vi.hoisted(() => vi.fn());
const state = vi.hoisted((): { current: unknown } => ({ current: undefined }));
vi.mock('../../../lib/api/client', () => ({ api: { call }, onSessionExpired: () => () => undefined }));
vi.mock('../../../lib/session/session', () => ({
  useSession: () => state.current,
  session: { resetDictionaries: vi.fn() },
}));
// The canvas is not drawn in jsdom: the chart's numbers are asserted in the methods table instead.
vi.mock('./usage-chart', () => ({ UsageChart: () => null }));

const ID = '44444444-4444-4444-8444-444444444444';
const SECRET = `msk_${ID}.${'a'.repeat(43)}`;
const TOKEN = {
  id: ID,
  name: 'ERP',
  hint: 'msk_44444444…',
  scopes: { orders: 'read' as const, prices: 'write' as const },
  ipRanges: [],
  status: 'active' as const,
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: 'seller@moda.test',
  expiresAt: '2027-01-30T10:00:00.000Z',
  revokedAt: null,
  lastUsedAt: '2026-11-24T09:30:00.000Z',
  lastUsedIp: '203.0.113.7',
};

const renderTab = () => renderScreen(<ApiTokensPage />);

mockScreen(call, state, {
  'v1.api-tokens.list': () => ({ items: [TOKEN], activeLimit: 20 }),
  'v1.api-tokens.issue': (p) => ({
    token: { ...TOKEN, name: p.name, scopes: p.scopes, lastUsedAt: null, lastUsedIp: null },
    secret: SECRET,
  }),
  'v1.api-tokens.revoke': () => ({ ok: true }),
  'v1.api-tokens.usage': () => ({
    days: [{ day: '2026-11-24', calls: 12, errors: 2, limited: 1 }],
    methods: [{ method: 'v1.orders.list', calls: 12, errors: 2, limited: 1 }],
    failures: [
      {
        at: '2026-11-24T09:31:00.000Z',
        method: 'v1.orders.list',
        code: 50403,
        reason: 'apiToken.missingScope',
        message: 'Токену не хватает доступа: Заказы — чтение и запись (orders:write)',
        ip: '203.0.113.7',
      },
    ],
  }),
});

describe('API tab', () => {
  it('lists tokens with scopes, expiry and last use, and links the docs', async () => {
    renderTab();
    expect(await screen.findByText('ERP')).toBeInTheDocument();
    expect(screen.getByText('203.0.113.7')).toBeInTheDocument();
    expect(screen.getByText('30.01.27')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(ACCESS_AREA_LABELS.orders))).toBeInTheDocument();
    expect(screen.getByText(fill(text.activeCount, { count: 1, max: 20 }))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.docs })).toHaveAttribute('href', '/docs');
  });

  it('issues a token with the scopes chosen and shows its secret once', async () => {
    const user = renderTab();
    await screen.findByText('ERP');
    await user.click(screen.getByRole('button', { name: text.issue }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(text.issueDialog.name), { target: { value: 'Склад' } });
    // No scope chosen: the contract's message, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: text.issueDialog.ok }));
    expect(await within(dialog).findByText('Выберите хотя бы одну область доступа')).toBeInTheDocument();
    // A bad IP range is named on its field.
    const orders = within(dialog).getByRole('radiogroup', { name: ACCESS_AREA_LABELS.orders });
    await user.click(within(orders).getByText(text.levels.write));
    fireEvent.change(within(dialog).getByLabelText(text.issueDialog.ipRanges), {
      target: { value: '10.0.0.0/33' },
    });
    await user.click(within(dialog).getByRole('button', { name: text.issueDialog.ok }));
    expect(await within(dialog).findByText(/^10\.0\.0\.0\/33: Укажите адрес/)).toBeInTheDocument();
    expect(callsOf(call, 'v1.api-tokens.issue')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(text.issueDialog.ipRanges), {
      target: { value: '203.0.113.0/24' },
    });
    await user.click(within(dialog).getByRole('button', { name: text.issueDialog.ok }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.api-tokens.issue')).toEqual([
        {
          partnerId: SELLER_PARTNER.partnerId,
          name: 'Склад',
          expiresInDays: 90,
          scopes: { orders: 'write' },
          ipRanges: ['203.0.113.0/24'],
        },
      ]),
    );
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    expect(screen.getByText(text.secret.warning)).toBeInTheDocument();
  });

  it('revokes after a confirmation', async () => {
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: text.revoke }));
    const [confirm] = await screen.findAllByText(fill(text.revokeConfirm.title, { name: 'ERP' }));
    expect(callsOf(call, 'v1.api-tokens.revoke')).toEqual([]);
    const dialog = confirm!.closest('.ant-modal-confirm') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: text.revokeConfirm.ok }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.api-tokens.revoke')).toEqual([
        { partnerId: SELLER_PARTNER.partnerId, id: ID },
      ]),
    );
    expect(await screen.findByText(text.revoked)).toBeInTheDocument();
  });

  it('shows a token’s usage: methods and the last failures with their error', async () => {
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: text.usage }));
    expect(await screen.findByText(fill(text.usageDrawer.title, { name: 'ERP' }))).toBeInTheDocument();
    expect(await screen.findByText(/^Токену не хватает доступа: Заказы/)).toBeInTheDocument();
    expect(screen.getAllByText('v1.orders.list').length).toBeGreaterThan(0);
  });
});
