// An integration's everyday loop with @moda/client: fetch the partner's new orders page by page, then confirm
// each one (the seller's "I have it, I will ship it"), as an ERP or warehouse system would every few minutes.
//
//   MODA_URL=http://localhost:3000 MODA_TOKEN=msk_… MODA_PARTNER_ID=10002 node --import tsx docs/examples/sync-orders.ts
//
// The token needs the scope "orders: read and write" (Profile → API). A 429 is waited out by the client
// (Retry-After); any other error is an RpcError with the API's code and Russian message.
import { createClient, isRpcError } from '@moda/client';

const baseUrl = process.env.MODA_URL ?? 'http://localhost:3000';
const token = process.env.MODA_TOKEN;
const partnerId = Number(process.env.MODA_PARTNER_ID);
if (!token || !Number.isInteger(partnerId)) {
  console.error('Set MODA_TOKEN (an API token) and MODA_PARTNER_ID (the partner it acts for).');
  process.exit(2);
}

const client = createClient({ baseUrl, token });

/** Every new order's number, oldest first, read a page at a time. */
async function newOrders(): Promise<string[]> {
  const numbers: string[] = [];
  for (let page = 1; ; page++) {
    const r = await client.call('v1.orders.list', {
      partnerId,
      status: ['new'],
      sort: 'created_at',
      page,
      pageSize: 50,
    });
    numbers.push(...r.items.map((o) => o.orderNr));
    if (page * r.pageSize >= r.total) return numbers;
  }
}

const orders = await newOrders();
console.log(`${orders.length} new order(s)`);
let confirmed = 0;
for (const orderNr of orders) {
  try {
    const card = await client.call('v1.orders.confirmation', { partnerId, orderNr, action: 'confirm' });
    confirmed++;
    console.log(`${orderNr}: ${card.status}`);
  } catch (err) {
    // One order refused (moved meanwhile, say) does not stop the others.
    if (!isRpcError(err)) throw err;
    console.log(`${orderNr}: not confirmed — ${err.code} ${err.apiMessage ?? err.message}`);
  }
}
const rl = client.rateLimit;
console.log(
  `confirmed ${confirmed} of ${orders.length}` + (rl ? `; rate limit ${rl.remaining}/${rl.limit} left` : ''),
);
