// The offers list: every document with its version, dates, user and status in Russian; only the
// first unsigned (newest) version has the sign button, and only for a user who may sign.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Offer } from '@moda/contracts';
import { AntdProvider } from '../../../components/theme/antd-provider';
import { OffersList, signableOffer } from './offers-list';

const offer = (version: string, status: Offer['status'], over: Partial<Offer> = {}): Offer => ({
  id: `offer-${version}`,
  fileName: `Условия сотрудничества v${version}.pdf`,
  version,
  actDate: '2026-12-01',
  status,
  approvalInformation:
    status === 'agreed'
      ? { isAgreed: true, date: '2025-01-20T10:00:00.000Z', email: 'seller@moda.test' }
      : { isAgreed: false, date: null, email: null },
  downloadUrl: `/rest/api/v1/offers/offer-${version}/download`,
  ...over,
});

/** Newest first, as the server lists them: two unsigned versions above a signed one. */
const ITEMS = [
  offer('3.0', 'new', { actDate: '2027-01-01' }),
  offer('2.0', 'new'),
  offer('1.0', 'agreed', { actDate: '2025-01-15' }),
];

/** Ant Design's breakpoints read matchMedia: every query matches, so the wide layout is drawn. */
function wideScreen(wide: boolean) {
  vi.mocked(window.matchMedia).mockImplementation(
    (query: string) =>
      ({
        matches: wide,
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(() => false),
      }) as MediaQueryList,
  );
}

function renderList(props: Partial<Parameters<typeof OffersList>[0]> = {}) {
  const onSign = vi.fn();
  const onDownload = vi.fn();
  render(
    <AntdProvider>
      <OffersList items={ITEMS} canSign onSign={onSign} onDownload={onDownload} {...props} />
    </AntdProvider>,
  );
  return { onSign, onDownload, user: userEvent.setup({ delay: null, pointerEventsCheck: 0 }) };
}

afterEach(() => wideScreen(false));

describe('offers list', () => {
  it('picks the first unsigned version of the newest-first list', () => {
    expect(signableOffer(ITEMS)?.version).toBe('3.0');
    expect(signableOffer([offer('2.0', 'agreed'), offer('1.0', 'superseded')])).toBeNull();
  });

  it('shows every document in a table and the sign button on the newest unsigned one only', async () => {
    wideScreen(true);
    const { onSign, onDownload, user } = renderList();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('01.01.27')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Новая')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Новая')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Подписана')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('20.01.25')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('seller@moda.test')).toBeInTheDocument();

    const buttons = screen.getAllByRole('button', { name: /^Подписать версию/ });
    expect(buttons).toHaveLength(1);
    expect(within(rows[0]!).getByRole('button', { name: 'Подписать версию 3.0' })).toBeInTheDocument();
    await user.click(buttons[0]!);
    expect(onSign).toHaveBeenCalledWith(ITEMS[0]);

    await user.click(
      within(rows[2]!).getByRole('button', { name: 'Скачать Условия сотрудничества v1.0.pdf' }),
    );
    expect(onDownload).toHaveBeenCalledWith(ITEMS[2]);
  });

  it('names the statuses in Russian, superseded included', () => {
    wideScreen(true);
    renderList({ items: [offer('3.0', 'agreed'), offer('2.0', 'superseded'), offer('1.0', 'agreed')] });
    expect(screen.getByText('Заменена')).toBeInTheDocument();
    expect(screen.getAllByText('Подписана')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Подписать/ })).not.toBeInTheDocument();
  });

  it('has no sign button for a user who may not sign', () => {
    wideScreen(true);
    renderList({ canSign: false });
    expect(screen.queryByRole('button', { name: /^Подписать/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Скачать/ })).toHaveLength(3);
  });

  it('draws one card per document on narrow screens, with the same single sign button', () => {
    wideScreen(false);
    renderList();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Версия 3.0')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Подписать версию 3.0' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Подписать версию/ })).toHaveLength(1);
  });
});
