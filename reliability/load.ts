// Mixed seller traffic: lists, cards, counts, price changes, collects of orders and exports started, for
// several partners at once, through the gateway (POST /v1/…, errors as HTTP statuses). Every price change
// the server acknowledges is remembered with a price unique to it, so that it can be found afterwards row
// by row in price_changes.
import autocannon from 'autocannon';
import type pg from 'pg';
import { login, now } from './lib';

/** Partners whose data is read; writes go to those whose cabinet is not read-only (10001 has unsigned terms). */
const READERS: Record<number, string> = { 10001: 'seller', 10002: 'fbs', 10003: 'dropship', 10005: 'multi' };
const WRITERS = [10002, 10003, 10005];

/** Share of each action, per 1,000 requests. */
const MIX: [Kind, number][] = [
  ['products.list', 140],
  ['products.counts', 120],
  ['orders.list', 140],
  ['orders.counts', 120],
  ['orders.card', 120],
  ['products.card', 100],
  ['prices.list', 80],
  ['price.change', 120],
  ['orders.collect', 58],
  ['export.start', 2],
];
type Kind =
  | 'products.list'
  | 'products.counts'
  | 'orders.list'
  | 'orders.counts'
  | 'orders.card'
  | 'products.card'
  | 'prices.list'
  | 'price.change'
  | 'orders.collect'
  | 'export.start';
/** Actions a seller may be refused as a matter of course: an order already collected, too many exports running. */
const MAY_BE_REFUSED = new Set<Kind>(['orders.collect', 'export.start']);

export interface AckedWrite {
  partnerId: number;
  productId: string;
  price: number;
}

export interface Action {
  kind: Kind;
  method: string;
  params: Record<string, unknown>;
  partnerId: number;
  write?: AckedWrite;
}

export class Traffic {
  readonly acked: AckedWrite[] = [];
  private readonly tokens: Record<number, string> = {};
  private products: Record<number, { id: string; price: number; n: number }[]> = {};
  private orders: Record<number, string[]> = {};
  private collectable: { partnerId: number; orderNr: string }[] = [];
  private seq = 0;
  private readonly table: Kind[] = [];

  constructor() {
    for (const [kind, n] of MIX) for (let i = 0; i < n; i++) this.table.push(kind);
    // Shuffled (a fixed seed), so that a short window still sees the whole mix.
    let seed = 17;
    for (let i = this.table.length - 1; i > 0; i--) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const j = seed % (i + 1);
      [this.table[i], this.table[j]] = [this.table[j]!, this.table[i]!];
    }
  }

  /** Tokens and the ids to use, read once from the server and its database. */
  async prepare(base: string, db: pg.Pool): Promise<void> {
    for (const [p, user] of Object.entries(READERS)) this.tokens[Number(p)] = await login(base, user);
    await this.refresh(db);
  }

  /** Reread products and orders (after a restart on a new server, or to find new orders to collect). */
  async refresh(db: pg.Pool): Promise<void> {
    const partners = Object.keys(READERS).map(Number);
    const prods = await db.query<{ partner_id: number; id: string; price: string }>(
      `select p.partner_id, p.id::text, coalesce(pp.price, p.price, 1000)::text as price
         from products p left join product_prices pp
           on pp.partner_id = p.partner_id and pp.product_id = p.id and pp.country = 'RU'
        where p.partner_id = any($1) and not p.archived
          -- A product in an active promotion refuses a price change by rule (price.inActivePromotion).
          and not exists (select 1 from promotion_products m where m.partner_id = p.partner_id
                            and m.product_id = p.id and m.promotion_state = 'active')`,
      [partners],
    );
    this.products = {};
    for (const r of prods.rows)
      (this.products[r.partner_id] ??= []).push({
        id: r.id,
        price: Math.round(Number(r.price) / 10) * 10,
        n: 0,
      });
    const ords = await db.query<{ partner_id: number; order_nr: string; status: string }>(
      `select partner_id, order_nr, status from orders where partner_id = any($1)`,
      [partners],
    );
    this.orders = {};
    this.collectable = [];
    for (const r of ords.rows) {
      (this.orders[r.partner_id] ??= []).push(r.order_nr);
      if (WRITERS.includes(r.partner_id) && (r.status === 'new' || r.status === 'confirmed'))
        this.collectable.push({ partnerId: r.partner_id, orderNr: r.order_nr });
    }
  }

  tokenOf(partnerId: number): string {
    return this.tokens[partnerId]!;
  }

  next(): Action {
    const n = this.seq++;
    const kind = this.table[n % this.table.length]!;
    const readers = Object.keys(READERS).map(Number);
    const partnerId =
      kind === 'price.change' || kind === 'orders.collect' || kind === 'export.start'
        ? WRITERS[n % WRITERS.length]!
        : readers[n % readers.length]!;
    const page = 1 + (n % 5);
    const pick = <T>(xs: T[] | undefined): T => xs![(n * 2654435761) % xs!.length]!;
    switch (kind) {
      case 'products.list':
        return {
          kind,
          partnerId,
          method: 'v1.nomenclatures.list',
          params: { partnerId, page, pageSize: 20 },
        };
      case 'products.counts':
        return { kind, partnerId, method: 'v1.nomenclatures.count-by-statuses', params: { partnerId } };
      case 'orders.list':
        return { kind, partnerId, method: 'v1.orders.list', params: { partnerId, page, pageSize: 20 } };
      case 'orders.counts':
        return { kind, partnerId, method: 'v1.orders.count-by-statuses', params: { partnerId } };
      case 'orders.card':
        return {
          kind,
          partnerId,
          method: 'v1.orders.get',
          params: { partnerId, orderNr: pick(this.orders[partnerId]) },
        };
      case 'products.card':
        return {
          kind,
          partnerId,
          method: 'v1.nomenclatures.card.get',
          params: { partnerId, id: pick(this.products[partnerId]).id },
        };
      case 'prices.list':
        return {
          kind,
          partnerId,
          method: 'v1.nomenclatures.prices-list',
          params: { partnerId, page, pageSize: 20 },
        };
      case 'price.change': {
        const p = pick(this.products[partnerId]);
        // A price no other write of this product uses (prices are multiples of 10): its price plus 10·k.
        const price = p.price + 10 * ++p.n;
        return {
          kind,
          partnerId,
          method: 'v1.nomenclatures.update-price',
          params: { partnerId, item: { id: p.id, country: 'RU', price }, confirmCritical: true },
          write: { partnerId, productId: p.id, price },
        };
      }
      case 'orders.collect': {
        const o = this.collectable.length
          ? this.collectable.shift()!
          : { partnerId, orderNr: pick(this.orders[partnerId]) };
        return {
          kind,
          partnerId: o.partnerId,
          method: 'v1.orders.collect',
          params: { partnerId: o.partnerId, orderNr: o.orderNr },
        };
      }
      case 'export.start':
        return {
          kind,
          partnerId,
          method: 'v1.exports.create',
          params: { partnerId, type: n % 2 ? 'orders_and_items' : 'nomenclatures_with_reduced_attributes' },
        };
    }
  }
}

export interface Window {
  second: number;
  requests: number;
  errors: number;
  unavailable: number;
  p50: number;
  p99: number;
}

export interface LoadResult {
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers that are wrong: 5xx other than unavailability, socket errors, timeouts, unexpected refusals. */
  errors: number;
  /** 503 «try again shortly»: expected only while the database is down. */
  unavailable: number;
  /** Expected refusals (an order already collected, the running exports' limit). */
  refusals: number;
  /** Price changes the server answered but did not apply (its rules refused the value). */
  priceRefused: number;
  acked: number;
  samples: string[];
  byKind: Record<string, number>;
}

/**
 * `connections` clients for `seconds` of the mix against `base`. `onWindow` hears every `windowSec`
 * seconds. `stopEarly`: resolves to end the run before its time (a fault's scenario is done).
 */
export async function runLoad(opts: {
  base: string;
  traffic: Traffic;
  seconds: number;
  connections: number;
  windowSec?: number;
  onWindow?: (w: Window) => void;
  stopEarly?: Promise<unknown>;
}): Promise<LoadResult> {
  const { traffic } = opts;
  let errors = 0;
  let unavailable = 0;
  let refusals = 0;
  let priceRefused = 0;
  let acked = 0;
  const samples: string[] = [];
  const byKind: Record<string, number> = {};
  const note = (s: string) => {
    if (samples.length < 20) samples.push(s);
  };
  let win = { requests: 0, errors: 0, unavailable: 0, lat: [] as number[] };
  const started = now();

  const instance = autocannon(
    {
      url: opts.base,
      connections: opts.connections,
      duration: opts.seconds,
      // A request unanswered for 30 s is an error (a timeout); slower answers count in the latency.
      timeout: 30,
      requests: [
        {
          method: 'POST',
          setupRequest: (req, context) => {
            const a = traffic.next();
            (context as { action?: Action }).action = a;
            return {
              ...req,
              method: 'POST',
              path: `/${a.method.replace(/^v1\./, 'v1/')}`,
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${traffic.tokenOf(a.partnerId)}`,
              },
              body: JSON.stringify(a.params),
            };
          },
          onResponse: (status, body, context) => {
            const a = (context as { action: Action }).action;
            byKind[a.kind] = (byKind[a.kind] ?? 0) + 1;
            if (status >= 200 && status < 300) {
              if (a.write) {
                const r = JSON.parse(body) as { status?: string };
                if (r.status === 'applied' || r.status === 'pending') {
                  traffic.acked.push(a.write);
                  acked++;
                } else {
                  priceRefused++;
                  if (priceRefused <= 3) note(`price change not applied: ${body.slice(0, 200)}`);
                }
              }
              return;
            }
            if (status === 503) {
              unavailable++;
              win.unavailable++;
              return;
            }
            if (status >= 400 && status < 500 && MAY_BE_REFUSED.has(a.kind)) {
              refusals++;
              return;
            }
            errors++;
            win.errors++;
            note(`${a.method} → ${status} ${body.slice(0, 200)}`);
          },
        },
      ],
    },
    () => undefined,
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    win.requests++;
    win.lat.push(responseTime);
  });
  instance.on('reqError', (err: Error) => {
    errors++;
    win.errors++;
    note(`request error: ${err.message}`);
  });
  const every = (opts.windowSec ?? 10) * 1000;
  const timer = setInterval(() => {
    const w = win;
    win = { requests: 0, errors: 0, unavailable: 0, lat: [] };
    w.lat.sort((a, b) => a - b);
    opts.onWindow?.({
      second: Math.round((now() - started) / 1000),
      requests: w.requests,
      errors: w.errors,
      unavailable: w.unavailable,
      p50: w.lat[Math.floor(w.lat.length * 0.5)] ?? 0,
      p99: w.lat[Math.floor(w.lat.length * 0.99)] ?? 0,
    });
  }, every);
  void opts.stopEarly?.then(() => instance.stop());
  const result = await new Promise<autocannon.Result>((resolve) => instance.on('done', resolve));
  clearInterval(timer);
  const seconds = (now() - started) / 1000;
  // Socket errors are counted per request above (reqError); timeouts are among them.
  return {
    seconds,
    requests: result.requests.total,
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    unavailable,
    refusals,
    priceRefused,
    acked,
    samples,
    byKind,
  };
}

/** How many of the acknowledged price changes have their row in price_changes. */
export async function ackedPresent(db: pg.Pool, acked: AckedWrite[]): Promise<number> {
  let present = 0;
  for (let i = 0; i < acked.length; i += 5000) {
    const chunk = acked.slice(i, i + 5000);
    const r = await db.query<{ n: number }>(
      `select count(*)::int as n
         from unnest($1::int[], $2::bigint[], $3::numeric[]) as a(partner_id, product_id, price)
        where exists (select 1 from price_changes c where c.partner_id = a.partner_id
                         and c.product_id = a.product_id and c.new_price = a.price)`,
      [chunk.map((w) => w.partnerId), chunk.map((w) => w.productId), chunk.map((w) => w.price.toFixed(2))],
    );
    present += r.rows[0]!.n;
  }
  return present;
}
