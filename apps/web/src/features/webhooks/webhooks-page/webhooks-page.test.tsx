// The webhooks tab against a scripted server: endpoints with their status and the disabled one explained, the
// add dialog (an area's checkbox picks its events; the server's refusal lands on the address field; the
// secret is shown once), the test button, and the delivery log (opened through the URL) with its body and replay.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERRORS, WEBHOOK_URL_MESSAGES, WebhooksCreateParams } from '@moda/contracts';
import { formatDateTime } from '../../../lib/dates';
import { SELLER_PARTNER } from '../../../test/fake-server';
import { callsOf, rpcError } from '../../../test/mock-api';
import { mockScreen, renderScreen } from '../../../test/mocked-screen';
import { webhooksText as text } from '../locale';
import { WebhooksPage } from './webhooks-page';

const call = vi.hoisted(() => vi.fn());
const state = vi.hoisted((): { current: unknown } => ({ current: undefined }));
vi.mock('../../../lib/api/client', () => ({ api: { call }, onSessionExpired: () => () => undefined }));
vi.mock('../../../lib/session/session', () => ({
  useSession: () => state.current,
  session: { resetDictionaries: vi.fn() },
}));

const ACTIVE = {
  id: '11111111-1111-4111-8111-111111111111',
  url: 'https://erp.example.ru/hooks',
  description: 'ERP',
  events: ['order.created', 'order.cancelled'],
  status: 'active',
  disabledAt: null,
  failingSince: null,
  secretHint: 'abcd',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastDelivery: { at: '2026-11-24T10:00:00.000Z', responseCode: 200, ok: true },
} as const;
const DISABLED = {
  ...ACTIVE,
  id: '22222222-2222-4222-8222-222222222222',
  url: 'https://down.example.ru/hooks',
  description: '',
  status: 'disabled',
  disabledAt: '2026-11-23T09:00:00.000Z',
  failingSince: '2026-11-22T09:00:00.000Z',
  lastDelivery: { at: '2026-11-23T09:00:00.000Z', responseCode: 503, ok: false },
} as const;
const PRIVATE = ERRORS['webhook.privateAddress'].message.replace('{address}', '10.0.0.1');
const NO_EVENTS = WebhooksCreateParams.shape.events.safeParse([]).error!.issues[0]!.message;
const BODY = '{"id":"e1","type":"order.created","data":{"orderNr":"RU1"}}';
const DELIVERY = {
  id: '33333333-3333-4333-8333-333333333333',
  eventId: '44444444-4444-4444-8444-444444444444',
  type: 'order.created',
  objectId: 'RU1',
  createdAt: '2026-11-24T10:00:00.000Z',
  status: 'succeeded',
  attempt: 2,
  responseCode: 200,
  latencyMs: 87,
  error: null,
  nextAttemptAt: null,
  replay: false,
  body: BODY,
  attempts: [
    { attempt: 2, at: '2026-11-24T10:00:30.000Z', responseCode: 200, latencyMs: 87, error: null },
    { attempt: 1, at: '2026-11-24T10:00:00.000Z', responseCode: 500, latencyMs: 40, error: null },
  ],
} as const;

const renderPage = (url = '/profile/webhooks') => renderScreen(<WebhooksPage />, url);

mockScreen(call, state, {
  'v1.webhooks.list': () => ({ items: [ACTIVE, DISABLED] }),
  'v1.webhooks.test': () => ({ deliveryId: DELIVERY.id }),
  'v1.webhooks.deliveries': () => ({ items: [DELIVERY], total: 1 }),
  'v1.webhooks.replay': () => ({ count: 1 }),
  'v1.webhooks.create': (p) => {
    if (String(p.url).includes('10.0.0.1'))
      throw rpcError('v1.webhooks.create', ERRORS['webhook.privateAddress'].message, [
        { field: 'url', message: PRIVATE },
      ]);
    return { endpoint: { ...ACTIVE, url: p.url, events: p.events }, secret: 'whsec_secret-shown-once' };
  },
});

describe('webhooks tab', () => {
  it('lists endpoints with their status and explains the disabled one', async () => {
    renderPage();
    expect(await screen.findByText(ACTIVE.url)).toBeInTheDocument();
    expect(screen.getByText(text.status.active)).toBeInTheDocument();
    expect(screen.getByText(text.status.disabled)).toBeInTheDocument();
    expect(screen.getByText(`${text.disabledTitle}: ${DISABLED.url}`)).toBeInTheDocument();
    expect(screen.getByText(text.disabledText(formatDateTime(DISABLED.disabledAt)))).toBeInTheDocument();
    // A disabled endpoint offers «Включить» instead of the test.
    expect(screen.getAllByRole('button', { name: text.enable })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: text.test })).toHaveLength(1);
  });

  it('sends a test event', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: text.test }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.webhooks.test')).toEqual([
        { partnerId: SELLER_PARTNER.partnerId, id: ACTIVE.id },
      ]),
    );
    expect(await screen.findByText(text.testSent)).toBeInTheDocument();
  });

  it('adds an endpoint: events by area, the server’s refusal on the address, then the secret once', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: text.add }));
    const dialog = await screen.findByRole('dialog');
    const url = within(dialog).getByLabelText(text.dialog.url);
    fireEvent.change(url, { target: { value: 'https://10.0.0.1/hook' } });
    await user.click(within(dialog).getByText(text.areas.orders));
    await user.click(within(dialog).getByRole('button', { name: text.dialog.save }));
    expect(await within(dialog).findByText(PRIVATE)).toBeInTheDocument();
    expect(callsOf(call, 'v1.webhooks.create')[0]).toEqual({
      partnerId: SELLER_PARTNER.partnerId,
      url: 'https://10.0.0.1/hook',
      description: '',
      events: ['order.created', 'order.status_changed', 'order.cancelled'],
    });
    fireEvent.change(url, { target: { value: 'https://erp.example.ru/new' } });
    await user.click(within(dialog).getByRole('button', { name: text.dialog.save }));
    expect(await screen.findByText('whsec_secret-shown-once')).toBeInTheDocument();
    expect(screen.getByText(text.secret.text)).toBeInTheDocument();
  });

  it('refuses a dialog without events or with a bad address before calling the server', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: text.add }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(text.dialog.url), { target: { value: 'erp.example.ru' } });
    await user.click(within(dialog).getByRole('button', { name: text.dialog.save }));
    expect(await within(dialog).findByText(WEBHOOK_URL_MESSAGES.invalid)).toBeInTheDocument();
    expect(within(dialog).getByText(NO_EVENTS)).toBeInTheDocument();
    expect(callsOf(call, 'v1.webhooks.create')).toEqual([]);
  });

  it('opens the delivery log from the URL: code, latency, attempt, the body expanded; replays one', async () => {
    const user = renderPage(`/profile/webhooks?endpoint=${ACTIVE.id}`);
    expect(await screen.findByText(text.deliveries.title)).toBeInTheDocument();
    expect(await screen.findByText(text.events['order.created'])).toBeInTheDocument();
    expect(screen.getByText('200')).toBeInTheDocument();
    expect(screen.getByText(text.deliveries.ms(87))).toBeInTheDocument();
    expect(screen.getByText(text.deliveryStatus.succeeded)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /expand row|Развернуть строку/i }));
    expect(await screen.findByTestId('webhook-body')).toHaveTextContent('"orderNr": "RU1"');
    await user.click(screen.getByRole('button', { name: text.deliveries.replay }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.webhooks.replay')).toEqual([
        { partnerId: SELLER_PARTNER.partnerId, id: ACTIVE.id, deliveryId: DELIVERY.id },
      ]),
    );
  });
});
