// The marketplace's side of orders for browser tests: create and move orders through v1.platform.* on
// the e2e server (pass inject('baseUrl')), with the service token global-setup gives it (PLATFORM_TOKEN).
import { rpc } from './rpc';

/** The e2e server's service credential (a fixed test value, registered at start from PLATFORM_TOKEN). */
export const E2E_PLATFORM_TOKEN =
  'mps_00000000-0000-4000-8000-0000000000e2.e2e-platform-token-0123456789abcdefghijklmn';

export interface CreateOrderInput {
  partnerId: number;
  /** Seller SKUs of the partner's products, one entry per unit. */
  skus: string[];
  orderNr?: string;
  country?: 'RU' | 'BY' | 'KZ' | 'UA';
  /** Default: a day from now; in the past makes the order overdue. */
  cutOffAt?: Date;
  createdAt?: Date;
  paymentMethod?: string;
  comment?: string;
  address?: string;
}

async function call<T>(baseUrl: string, method: string, params: Record<string, unknown>): Promise<T> {
  const reply = await rpc<T>(baseUrl, method, params, E2E_PLATFORM_TOKEN);
  if (reply.error)
    throw new Error(`${method}: ${reply.error.message} ${JSON.stringify(reply.error.data ?? {})}`);
  return reply.result as T;
}

/** A new order (status new); returns its number and id. */
export function createOrder(baseUrl: string, input: CreateOrderInput) {
  return call<{ orderNr: string; id: string }>(baseUrl, 'v1.platform.orders.create', {
    partnerId: input.partnerId,
    ...(input.orderNr ? { orderNr: input.orderNr } : {}),
    country: input.country ?? 'RU',
    ...(input.createdAt ? { createdAt: input.createdAt.toISOString() } : {}),
    cutOffAt: (input.cutOffAt ?? new Date(Date.now() + 86_400_000)).toISOString(),
    ...(input.comment ? { comment: input.comment } : {}),
    delivery: {
      address: input.address ?? 'Москва, ул. Тверская, д. 7, кв. 12',
      method: 'Курьер',
      serviceLevel: 'Стандарт',
    },
    paymentMethod: input.paymentMethod ?? 'Prepaid',
    items: input.skus.map((sellerSku) => ({ sellerSku })),
  });
}
