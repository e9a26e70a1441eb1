// Tenant isolation as a generated test (issue 17, "the reliability suite"): every partner-scoped method of
// the contract catalogue is called as partner A's user with partner B's object ids, and separately with
// B's partnerId. Each answer must equal the answer for an object (a partner) that does not exist, and B's
// rows in every partner-scoped table must be unchanged. Params are generated from the method's zod schema;
// id-like fields are filled from a fixture per object kind. A method added later is covered without anyone
// remembering — and a partner-scoped method with an id field this file cannot map to a kind fails, naming
// the field, until its kind is added to KIND_RULES / FIXTURES below.
import { randomUUID } from 'node:crypto';
import { INTERNAL_ROLES, METHODS, type MethodDef, type Role } from '@moda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ean13 } from '../src/modules/catalogue/catalogue.demo';
import { createTestApp, type RpcReply, type TestApp } from './helpers';

/**
 * The partners checked: A, the caller's own, and B, the victim, of the same business model so that every kind
 * of object exists for both. FBO supplies and stock exist only for consignment partners: their methods are
 * checked on a consignment pair, every other method on an FBS pair (warehouses, orders, a b2b manager).
 */
interface Pair {
  name: string;
  a: number;
  aLogin: string;
  b: number;
  bLogin: string;
  covers: (m: MethodDef) => boolean;
}
const CONSIGNMENT_ONLY = /^v1\.(fulfilment-|supplier-fulfilment-returns\.|supplier-return\.)/;
const PAIRS: Pair[] = [
  {
    name: 'FBS partners: 10002 with 10005’s objects',
    a: 10002,
    aLogin: 'fbs',
    b: 10005,
    bLogin: 'multi',
    covers: (m) => !CONSIGNMENT_ONLY.test(m.name),
  },
  {
    name: 'consignment partners: 10001 with 10004’s objects',
    a: 10001,
    aLogin: 'seller',
    b: 10004,
    bLogin: 'multi',
    covers: (m) => CONSIGNMENT_ONLY.test(m.name),
  },
];
/** Partner A, A's user and partner B, B's user, of the pair being checked. */
let A = PAIRS[0]!.a;
let A_LOGIN = PAIRS[0]!.aLogin;
let B = PAIRS[0]!.b;
let B_USER = PAIRS[0]!.bLogin;
/** A partner id that does not exist. */
const NO_PARTNER = 99_999;
type AUser = { login: string; role: Role; partner: number };
/**
 * A's users, by the partner-bound role they carry; a method is called by the first one it allows. Internal
 * roles (support, admin, b2b manager, operator, keeper) act for any partner by design: a method only they
 * may call has no A and B, and is checked to refuse a seller instead.
 */
const aUsers = (): AUser[] =>
  [
    { login: A_LOGIN, role: 'partner_user' as Role, partner: A },
    // A method only a new seller may call is checked with B's partnerId alone (newseller is 10006's).
    { login: 'newseller', role: 'onboarding_user' as Role, partner: 10006 },
  ].filter((u) => !(INTERNAL_ROLES as readonly Role[]).includes(u.role));

// ---------------------------------------------------------------------------------------------------------
// Kinds: which object an id-like field names. The first rule matching the method and the field's path wins.
// A path is dotted, `[]` for an array's element: `items[].id`, `card.sellerParentSku`.

type Kind =
  | 'warehouse'
  | 'order'
  | 'orderItem'
  | 'product'
  | 'productParent'
  | 'productSku'
  | 'productImage'
  | 'priceChange'
  | 'export'
  | 'file'
  | 'offer'
  | 'supportReason'
  | 'promotion'
  | 'teamMember'
  | 'teamInvitation'
  | 'importUpdate';

/** Kinds that are not any partner's (dictionaries): the field gets a valid value, never swapped. */
const GLOBAL_KINDS = new Set<Kind>(['supportReason', 'promotion']);

const KIND_RULES: { method?: RegExp; field: RegExp; kind: Kind | { table: string } }[] = [
  { method: /^v1\.warehouses\./, field: /^(id|ids|warehouseId)$/, kind: 'warehouse' },
  { field: /(^|\.)warehouseIds?$/, kind: 'warehouse' },
  { field: /(^|\.)orderNrs?(\[\])?$/, kind: 'order' },
  { method: /^v1\.orders\./, field: /(^|\.)itemIds(\[\])?$/, kind: 'orderItem' },
  { field: /(^|\.)changeIds(\[\])?$/, kind: 'priceChange' },
  { field: /(^|\.)sellerParentSku$/, kind: 'productParent' },
  { field: /(^|\.)sellerSkus?(\[\])?$/, kind: 'productSku' },
  { method: /^v1\.nomenclatures\.images\./, field: /^order(\[\])?$/, kind: 'productImage' },
  { method: /^v1\.nomenclatures\./, field: /(^|\.)(id|ids)(\[\])?$/, kind: 'product' },
  // The price index's simulation names products as the price changes do.
  { method: /^v1\.matching-manager\.simulate$/, field: /(^|\.)id$/, kind: 'product' },
  { method: /^v1\.exports\./, field: /^ids(\[\])?$/, kind: 'export' },
  // An update file's preview (issue 28) is named by its file's id.
  { method: /^v1\.imports\.(preview|updates)\./, field: /^fileImportIds?(\[\])?$/, kind: 'importUpdate' },
  { field: /(^|\.)(fileImportId|attachmentId|fileId)$/, kind: 'file' },
  { field: /(^|\.)newestOfferId$/, kind: 'offer' },
  { field: /(^|\.)reasonCode$/, kind: 'supportReason' },
  // Promotions are the marketplace's (GLOBAL_KINDS); the products their methods name are the partner's.
  { method: /^v1\.promotions\./, field: /(^|\.)promotionId$/, kind: 'promotion' },
  { method: /^v1\.promotions\./, field: /^(items\[\]\.id|productIds(\[\])?)$/, kind: 'product' },
  // FBO supplies: any row of A's and of B's in the table (see conventionalValues).
  { method: /^v1\.fulfilment-shipments\./, field: /^(id|ids)(\[\])?$/, kind: { table: 'fbo_supplies' } },
  // FBO returns: any row of A's and of B's.
  { method: /^v1\.supplier-fulfilment-returns\./, field: /^id$/, kind: { table: 'fbo_returns' } },
  // FBS shipments and return boxes: any row of A's and of B's in the table.
  { method: /^v1\.shipments\./, field: /^id$/, kind: { table: 'fbs_shipments' } },
  { method: /^v1\.return-boxes\./, field: /^id$/, kind: { table: 'fbs_return_boxes' } },
  // The team: a member is a user linked to the partner; an invitation a row of its own.
  { method: /^v1\.team\./, field: /^userId$/, kind: 'teamMember' },
  { method: /^v1\.team\./, field: /^id$/, kind: 'teamInvitation' },
  // The audit log's object filter: another partner's product answers as a missing one (no records).
  { method: /^v1\.audit\./, field: /^objectId$/, kind: 'product' },
  // Webhooks: an endpoint of each partner and a delivery to it (made in the fixtures).
  { method: /^v1\.webhooks\./, field: /^id$/, kind: { table: 'webhook_endpoints' } },
  { method: /^v1\.webhooks\./, field: /^deliveryId$/, kind: { table: 'webhook_deliveries' } },
];

/**
 * A field that names an object: `id`, `…Id(s)`, `…Nr(s)`, `…Sku(s)`, `…Code(s)` or any uuid. An enumeration
 * (a warehouse code from a fixed list) names a dictionary entry, not anyone's object.
 */
function isIdLike(path: string, schema: JsonSchema): boolean {
  const leaf = path.replace(/\[\]$/, '').split('.').pop()!;
  if (leaf === 'partnerId' || schema.enum || schema.const !== undefined) return false;
  if (/^(ids?|[a-z][a-zA-Z]*(Id|Ids|Nr|Nrs|Sku|Skus|Code|Codes))$/.test(leaf)) return true;
  return schema.format === 'uuid';
}

/**
 * A field no rule names, found by convention: `<thing>Id(s)` names the table `<things>`; a bare `id`/`ids` of
 * `v1.<area>.<object>.<action>` names `<area>_<object>s`, `<area>_<object>`, `<object>s`, `<area>` or
 * `<area>s` — the first such table with a partner_id column. So a new area's `supplyId`, or the `id` of
 * `v1.questions.answer`, is covered by its table without an entry here. Returns the table or null.
 */
function conventionalTable(method: string, path: string, tables: Set<string>): string | null {
  const leaf = path.replace(/\[\]$/, '').split('.').pop()!;
  const snake = (x: string) => x.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/-/g, '_');
  const plural = (x: string) =>
    x.endsWith('s')
      ? x
      : x.endsWith('y')
        ? `${x.slice(0, -1)}ies`
        : /(x|ch|sh)$/.test(x)
          ? `${x}es`
          : `${x}s`;
  const names: string[] = [];
  const m = /^([a-z][a-zA-Z]*?)(Id|Ids)$/.exec(leaf);
  if (m) names.push(plural(snake(m[1]!)));
  else if (leaf === 'id' || leaf === 'ids') {
    const [, area = '', object] = method.split('.').map(snake);
    if (object && method.split('.').length > 3)
      names.push(plural(`${area}_${object}`), `${area}_${object}`, plural(object));
    names.push(area, plural(area));
  }
  return names.find((n) => tables.has(n)) ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// A small sample-value generator over the params' JSON schema (zod's own export, input side).

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  additionalProperties?: unknown;
}

let barcodes = 0;
/**
 * Values per field path that make a call go as deep as its lookups where a generic sample would be refused
 * earlier. A function is called again for every call (values that must be fresh each time).
 */
const SAMPLES: Record<string, unknown> = {
  featureName: 'analyticsEnabled',
  // The team's invitation (v1.team.invite): an address no one in the demo has.
  email: 'isolation-invite@moda.test',
  // An API token (v1.api-tokens.issue) needs at least one scope.
  scopes: { questions: 'read' },
  // A webhook's address (v1.webhooks.create): public, so no DNS lookup is needed.
  url: 'https://93.184.216.34/isolation',
  'contacts.email': 'isolation@moda.test',
  'contacts.phone': '+79001234567',
  'general.phone': '+79001234567',
  // A product card (v1.nomenclatures.store) that passes the catalogue's rules; its SKUs are the swapped ids.
  'card.category': 'clothes',
  'card.title': 'Платье льняное',
  'card.gender': 'women',
  'card.country': 'RU',
  'card.erpCategory': { level1: 'Одежда', level2: 'Платья' },
  'card.composition': [{ material: 'лён', percent: 100 }],
  'card.sizeScale': 'RU_CLOTHES',
  'card.sizes[].size': '42',
  'card.sizes[].barcode': () => ean13(`2999${String(++barcodes).padStart(8, '0')}`),
  'card.price': 4990,
  'card.attributes': { color_family: 'бежевый', season: ['summer'] },
  'card.legal': {
    tnVed: '6204420000',
    producer: 'ООО «Изоляция»',
    producerAddress: 'г. Москва, ул. Тверская, 1',
    isResale: false,
    eac: true,
  },
};

const STRING_CANDIDATES = [
  'Проверка изоляции',
  '123456',
  '12:00',
  '2026-06-15',
  '20260615000000',
  '2026-06-15T10:00:00.000Z',
  'isolation@moda.test',
  '+79001234567',
  '1.0',
];

/** One string matching a simple regular expression (anchors, classes, groups, alternatives, quantifiers). */
function sampleRegex(source: string): string {
  let i = 0;
  const alternative = (): string => {
    let out = '';
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      let atom = '';
      const c = source[i]!;
      if (c === '^' || c === '$') {
        i++;
        continue;
      }
      if (c === '(') {
        i++;
        if (source.startsWith('?:', i)) i += 2;
        atom = alternative();
        while (source[i] === '|') {
          i++;
          alternative();
        }
        i++; // ')'
      } else if (c === '[') {
        const end = source.indexOf(']', i + 1);
        const body = source.slice(i + 1, end);
        i = end + 1;
        if (body.startsWith('^')) atom = 'a';
        else if (body.startsWith('\\d')) atom = '1';
        else atom = body[0] === '\\' ? body[1]! : body[0]!;
      } else if (c === '\\') {
        const e = source[i + 1]!;
        i += 2;
        atom = e === 'd' ? '1' : e === 'w' ? 'a' : e === 's' ? ' ' : e;
      } else if (c === '.') {
        i++;
        atom = 'a';
      } else {
        i++;
        atom = c;
      }
      const q = source[i];
      if (q === '{') {
        const end = source.indexOf('}', i);
        const n = Number(source.slice(i + 1, end).split(',')[0]);
        i = end + 1;
        out += atom.repeat(n);
      } else if (q === '?' || q === '*') {
        i++;
      } else if (q === '+') {
        i++;
        out += atom;
      } else out += atom;
    }
    return out;
  };
  const first = alternative();
  return first;
}

function sampleString(s: JsonSchema, leaf: z.ZodType | null): string {
  const checks = (v: string) =>
    (s.minLength === undefined || v.length >= s.minLength) &&
    (s.maxLength === undefined || v.length <= s.maxLength) &&
    [s.pattern, ...(s.allOf ?? []).map((a) => a.pattern)]
      .filter((p): p is string => !!p)
      .every((p) => new RegExp(p, 'u').test(v)) &&
    (leaf ? leaf.safeParse(v).success : true);
  if (s.format === 'uuid') return randomUUID();
  if (s.format === 'date') return '2026-06-15';
  if (s.format === 'date-time') return '2026-06-15T10:00:00.000Z';
  if (s.format === 'email') return 'isolation@moda.test';
  const patterns = [s.pattern, ...(s.allOf ?? []).map((a) => a.pattern)].filter((p): p is string => !!p);
  const candidates = [
    ...STRING_CANDIDATES,
    ...patterns.map(sampleRegex),
    'x'.repeat(Math.max(s.minLength ?? 1, 1)),
  ];
  for (const c of candidates) {
    let v = c;
    if (s.minLength !== undefined && v.length < s.minLength) v = v.padEnd(s.minLength, 'я');
    if (checks(v)) return v;
  }
  throw new Error(`no sample string for pattern ${patterns.join(' & ')}`);
}

function sampleNumber(s: JsonSchema): number {
  const int = s.type === 'integer';
  let lo =
    s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (int ? 1 : 0.01) : -Infinity);
  const hi =
    s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (int ? 1 : 0.01) : Infinity);
  if (lo === -Infinity) lo = Math.min(0, hi);
  return Math.min(Math.max(100, lo), hi);
}

/** Whether a sub-schema holds an id-like field somewhere (an optional one is then filled, to be swapped). */
function holdsId(s: JsonSchema, path: string): boolean {
  if (isIdLike(path, s)) return true;
  if (s.properties)
    return Object.entries(s.properties).some(([k, v]) => holdsId(v, path ? `${path}.${k}` : k));
  if (s.items) return holdsId(s.items, `${path}[]`);
  return [...(s.oneOf ?? []), ...(s.anyOf ?? [])].slice(0, 1).some((o) => holdsId(o, path));
}

/** Builds sample params, recording each id-like field's path and a setter for it. */
function generate(
  s: JsonSchema,
  path: string,
  ids: { path: string; set: (v: string) => void; array: boolean }[],
  set: (v: unknown) => void,
  fresh: (() => void)[] = [],
): unknown {
  if (path in SAMPLES) {
    const v = SAMPLES[path];
    if (typeof v !== 'function') return structuredClone(v);
    fresh.push(() => set((v as () => unknown)()));
    return (v as () => unknown)();
  }
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.oneOf ?? s.anyOf) {
    const options = (s.oneOf ?? s.anyOf)!.filter((o) => o.type !== 'null');
    return generate(options[0]!, path, ids, set, fresh);
  }
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s.properties ?? {})) {
      const p = path ? `${path}.${k}` : k;
      if (!(s.required ?? []).includes(k) && !holdsId(v, p) && !(p in SAMPLES)) continue;
      out[k] = generate(v, p, ids, (x) => (out[k] = x), fresh);
    }
    return out;
  }
  if (type === 'array') {
    const p = `${path}[]`;
    if (s.items && isIdLike(p, s.items) && !s.items.properties) {
      // An array of ids: one id, swapped as a whole.
      const arr = [generate(s.items, p, [], () => {})];
      ids.push({ path: p, set: (v) => set([v]), array: true });
      return arr;
    }
    const n = Math.max(s.minItems ?? 1, 1);
    const arr: unknown[] = [];
    for (let i = 0; i < n; i++)
      arr.push(generate(s.items ?? {}, p, i === 0 ? ids : [], (x) => (arr[i] = x), fresh));
    return arr;
  }
  if (type === 'string') {
    const v = sampleString(s, null);
    if (isIdLike(path, s)) ids.push({ path, set: (x) => set(x), array: false });
    return v;
  }
  if (type === 'integer' || type === 'number') return sampleNumber(s);
  if (type === 'boolean') return false;
  return {};
}

interface Plan {
  def: MethodDef;
  params: Record<string, unknown>;
  /** Re-draws the values that must be fresh for each call. */
  fresh: (() => void)[];
  ids: { path: string; set: (v: string) => void; kind: Kind | { table: string } | null }[];
  invalid?: string;
}

function plan(def: MethodDef, tables: Set<string>): Plan {
  const schema = z.toJSONSchema(def.params, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const found: { path: string; set: (v: string) => void; array: boolean }[] = [];
  const fresh: (() => void)[] = [];
  let params: Record<string, unknown> = {};
  try {
    params = generate(schema, '', found, () => {}, fresh) as Record<string, unknown>;
  } catch (err) {
    return { def, params, fresh, ids: [], invalid: (err as Error).message };
  }
  const ids = found.map((f) => {
    const rule = KIND_RULES.find((r) => (!r.method || r.method.test(def.name)) && r.field.test(f.path));
    const table = rule ? null : conventionalTable(def.name, f.path, tables);
    const kind: Kind | { table: string } | null = rule ? rule.kind : table ? { table } : null;
    return { ...f, kind };
  });
  return { def, params, fresh, ids };
}

// ---------------------------------------------------------------------------------------------------------
// The fixture: per kind, an object of A, one of B, and a value naming no object at all.

interface KindValues {
  a: string;
  b: string;
  missing: string;
}

let t: TestApp;
const tokens: Record<string, string> = {};
let tables: string[] = [];
const fixture = new Map<string, KindValues>();

function keyOf(kind: Kind | { table: string }): string {
  return typeof kind === 'string' ? kind : `table:${kind.table}`;
}

async function one<T extends Record<string, unknown>>(sql: string, values: unknown[]): Promise<T> {
  const [row] = await t.sql<T>(sql, values);
  if (!row) throw new Error(`fixture query found nothing: ${sql} ${JSON.stringify(values)}`);
  return row;
}

/** A copy of one row of a partner-scoped table for another partner (new id), to create B's objects. */
async function cloneRow(table: string, id: string, partnerId: number): Promise<string> {
  const cols = (
    await t.sql<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1
       order by ordinal_position`,
      [table],
    )
  ).map((c) => c.column_name);
  const select = cols.map((c) =>
    c === 'partner_id' ? `$2::int` : c === 'id' ? 'gen_random_uuid()' : `"${c}"`,
  );
  const [row] = await t.sql<{ id: string }>(
    `insert into ${table} (${cols.map((c) => `"${c}"`).join(', ')})
     select ${select.join(', ')} from ${table} where id = $1 returning id::text`,
    [id, partnerId],
  );
  return row!.id;
}

async function rpcOk(method: string, params: unknown, token: string): Promise<any> {
  const r = await t.rpc(method, params, token);
  if (r.error) throw new Error(`fixture ${method} failed: ${JSON.stringify(r.error)}`);
  return r.result;
}

/**
 * Per kind, an object of A's and one of B's. `full`: every kind (the FBS pair); otherwise the products only
 * (the consignment pair: its areas' own tables are found by convention).
 */
async function buildFixture(full: boolean): Promise<void> {
  for (const p of [A, B]) {
    const side = p === A ? 'a' : 'b';
    if (full) {
      // Orders: a new one each (collect/confirm/cancel would change it), and one of its items.
      const o = await one<{ order_nr: string; item: string }>(
        `select o.order_nr, (select i.id::text from order_items i where i.partner_id = o.partner_id
           and i.order_id = o.id order by i.id limit 1) as item
         from orders o where o.partner_id = $1 and o.status = 'new' order by o.id limit 1`,
        [p],
      );
      set('order', side, o.order_nr);
      set('orderItem', side, o.item);
    }
    const prod = await one<{ id: string; sku: string; seller_sku: string }>(
      `select id::text, seller_parent_sku as sku, seller_sku from products where partner_id = $1 and not archived
       order by id limit 1`,
      [p],
    );
    set('product', side, prod.id);
    set('productParent', side, prod.sku);
    set('productSku', side, prod.seller_sku);
  }
  fixture.get('productSku')!.missing = 'ISO-NO-SUCH-SELLER-SKU';
  fixture.get('product')!.missing = '987654321013';
  fixture.get('productParent')!.missing = 'ISO-NO-SUCH-SKU';
  // Files (an import and a support attachment), product images: rows of their own.
  for (const p of [A, B]) {
    const side = p === A ? 'a' : 'b';
    const f = await one<{ id: string }>(
      `insert into files (partner_id, type, format, name, size, storage_key, status)
       values ($1, 'support_attachment', 'png', 'isolation.png', 10, 'isolation/none.png', 'ok') returning id::text`,
      [p],
    );
    set('file', side, f.id);
    const img = await one<{ id: string }>(
      `insert into product_images (partner_id, id, seller_parent_sku, position, storage_key, thumbnail_key,
         width, height, size)
       values ($1, gen_random_uuid(), $2, 0, 'isolation/none.jpg', 'isolation/none-thumb.jpg', 900, 1200, 10)
       returning id::text`,
      [p, fixture.get('productParent')![side]],
    );
    set('productImage', side, img.id);
  }
  await importUpdateFixtures();

  if (full) {
    fixture.get('order')!.missing = 'ISO-NO-SUCH-ORDER';
    fixture.get('orderItem')!.missing = '987654321012';
    await buildObjects();
  }
  for (const v of fixture.values()) v.missing ||= randomUUID();
}

/** The FBS pair's other kinds: warehouses, offers, files, photos, exports, price changes, support reasons. */
async function buildObjects(): Promise<void> {
  // Warehouses: A has its own; B gets a copy of one.
  const wa = await one<{ id: string }>(
    `select id::text from warehouses where partner_id = $1 and deleted_at is null order by created_at limit 1`,
    [A],
  );
  set('warehouse', 'a', wa.id);
  set('warehouse', 'b', await cloneRow('warehouses', wa.id, B));

  // Offers: copies of 10001's for both.
  const offer = await one<{ id: string }>(`select id::text from offers order by created_at limit 1`, []);
  set('offer', 'a', await cloneRow('offers', offer.id, A));
  set('offer', 'b', await cloneRow('offers', offer.id, B));

  // Exports and price changes through the API, each by its own partner's user.
  for (const [p, login] of [
    [A, A_LOGIN],
    [B, B_USER],
  ] as const) {
    const side = p === A ? 'a' : 'b';
    const ex = await rpcOk(
      'v1.exports.create',
      { partnerId: p, type: 'nomenclatures_with_reduced_attributes' },
      tokens[login]!,
    );
    set('export', side, ex.id ?? ex.exportId ?? Object.values(ex)[0]);
    const price = await one<{ price: string }>(
      `select price::text from product_prices where partner_id = $1 and product_id = $2 and country = 'RU'`,
      [p, fixture.get('product')![side]],
    ).catch(() => ({ price: '5000' }));
    await rpcOk(
      'v1.nomenclatures.update-price',
      {
        partnerId: p,
        item: { id: fixture.get('product')![side], price: Math.round(Number(price.price) * 0.95) },
        confirmCritical: true,
      },
      tokens[login]!,
    );
    const ch = await one<{ id: string }>(
      `select id::text from price_changes where partner_id = $1 order by id desc limit 1`,
      [p],
    );
    set('priceChange', side, ch.id);
  }
  fixture.get('priceChange')!.missing = '987654321014';

  const reasons = await rpcOk('v1.support.reasons.list', {}, tokens[A_LOGIN]!);
  const code = String(reasons.items[0].code);
  fixture.set('supportReason', { a: code, b: code, missing: code });

  // A promotion open to every business model, registration open: the same one for A and B.
  const promo = await one<{ id: string }>(
    `insert into promotions (name, type, format, state, discount_percent, categories, business_models,
       registration_start, registration_end, start_date, end_date)
     values ('Изоляция', 'onsite', 'manual', 'open', 10, '{}', '{consignment,marketplace_crossdocking,dropshipping}',
       '2026-01-01', '2099-01-01', '2099-01-02', '2099-01-03') returning id::text as id`,
    [],
  );
  fixture.set('promotion', { a: promo.id, b: promo.id, missing: promo.id });

  // Team members (each partner's own user) and an open invitation of each partner.
  for (const [p, login] of [
    [A, A_LOGIN],
    [B, B_USER],
  ] as const) {
    const side = p === A ? 'a' : 'b';
    const u = await one<{ id: string }>(`select id::text from users where email = $1`, [
      `${login}@moda.test`,
    ]);
    set('teamMember', side, u.id);
    const inv = await one<{ id: string }>(
      `insert into team_invitations (partner_id, email, role, token_hash, expires_at)
       values ($1, $2, 'analyst', md5(random()::text), now() + interval '7 days') returning id::text`,
      [p, `isolation-${p}@moda.test`],
    );
    set('teamInvitation', side, inv.id);
    // An API token of each partner: its `id` is found by convention (table api_tokens).
    await t.sql(
      `insert into api_tokens (partner_id, id, name, secret_hash, hint, scopes, created_by, expires_at)
       values ($1, gen_random_uuid(), 'isolation', md5(random()::text), 'msk_…', '{"questions":"read"}', $2,
               now() + interval '30 days')`,
      [p, u.id],
    );
    // A webhook endpoint of each partner with one delivery: found by convention (webhook_endpoints, _deliveries).
    await t.sql(
      `with e as (insert into webhook_endpoints (partner_id, url, events, secret)
                  values ($1, 'https://93.184.216.34/isolation', '{order.created}', 'whsec_isolation') returning id),
            ev as (insert into webhook_events (partner_id, type, object_id, payload)
                   values ($1, 'order.created', 'isolation', '{}') returning id)
       insert into webhook_deliveries (partner_id, endpoint_id, event_id, object_key, status)
       select $1, e.id, ev.id, 'order:isolation', 'succeeded' from e, ev`,
      [p],
    );
  }
}

// An update file's preview of each partner (issue 28), on its file of the fixtures.
async function importUpdateFixtures(): Promise<void> {
  for (const [p, side] of [
    [A, 'a'],
    [B, 'b'],
  ] as const) {
    const fileId = fixture.get('file')![side];
    await t.sql(
      `insert into import_updates (partner_id, file_id, state, category, labels)
       values ($1, $2, 'preview', 'clothes', '{}') on conflict do nothing`,
      [p, fileId],
    );
    set('importUpdate', side, fileId);
  }
  fixture.get('importUpdate')!.missing = randomUUID();
}

function set(kind: Kind, side: 'a' | 'b', value: string): void {
  const v = fixture.get(kind) ?? { a: '', b: '', missing: '' };
  v[side] = String(value);
  fixture.set(kind, v);
}

/** A kind found by convention (a table named after the field): any row of A's and of B's. */
async function conventionalValues(table: string): Promise<KindValues | string> {
  const cols = await t.sql<{ column_name: string; data_type: string }>(
    `select column_name, data_type from information_schema.columns where table_schema = 'public'
     and table_name = $1 and column_name = 'id'`,
    [table],
  );
  if (!cols[0]) return `table ${table} has no id column`;
  const pick = async (p: number) =>
    (await t.sql<{ id: string }>(`select id::text from ${table} where partner_id = $1 limit 1`, [p]))[0]?.id;
  const a = await pick(A);
  const b = await pick(B);
  if (!a || !b) return `table ${table} has no row of partner ${a ? B : A} in the demo data`;
  return { a, b, missing: cols[0].data_type === 'uuid' ? randomUUID() : '987654321015' };
}

// ---------------------------------------------------------------------------------------------------------
// B's rows: per partner-scoped table, how many and the newest writing transaction. A write to B's rows — an
// insert, an update (even to the same values) or a delete — changes one of the two: every row a transaction
// writes carries its id (xmin), newer than every row before it. Hashing each row's text instead was two thirds
// of this file's time (four fingerprints a method over the demo partner's whole history).

async function fingerprint(): Promise<Record<string, string>> {
  const parts = tables.map(
    (tb) =>
      `select '${tb}' as tb, count(*)::int as n, coalesce(max(x.xmin::text::bigint), 0)::text as h
       from "${tb}" x where partner_id = ${B}`,
  );
  parts.push(
    `select 'partners', count(*)::int, coalesce(max(x.xmin::text::bigint), 0)::text from partners x where id = ${B}`,
  );
  const rows = await t.sql<{ tb: string; n: number; h: string }>(parts.join(' union all '));
  return Object.fromEntries(rows.map((r) => [r.tb, `${r.n}:${r.h}`]));
}

/** A reply as the caller sees it, with the ids it was asked about replaced, so two can be compared. */
function normalize(reply: RpcReply, values: string[]): string {
  let s = JSON.stringify(reply.error ?? { result: reply.result });
  for (const v of values.filter(Boolean).sort((x, y) => y.length - x.length)) {
    const escaped = v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    s = s.replace(new RegExp(/^\d+$/.test(v) ? `(?<![\\d])${escaped}(?![\\d])` : escaped, 'g'), '<ID>');
  }
  return s;
}

/** The shape of a value: keys and types, not the values (mutating calls that succeed create new ids). */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.length ? [shape(v[0])] : [];
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, x]) => [k, shape(x)]),
    );
  return typeof v;
}

function caller(def: MethodDef): AUser | null {
  const roles = def.roles as readonly Role[];
  return aUsers().find((u) => roles.includes(u.role)) ?? null;
}

// ---------------------------------------------------------------------------------------------------------

const ALL = Object.values(METHODS as Record<string, MethodDef>);
const PARTNER = ALL.filter((m) => m.partner && Array.isArray(m.roles));
const PLATFORM = ALL.filter((m) => m.roles === 'platform');
let plans = new Map<string, Plan>();
/** Reads whose answer for A's own object may equal the missing object's (none so far). */
const NO_CONTROL = new Set<string>([]);

for (const pair of PAIRS)
  describe(pair.name, () => {
    const methods = PARTNER.filter(pair.covers);
    beforeAll(async () => {
      ({ a: A, aLogin: A_LOGIN, b: B, bLogin: B_USER } = pair);
      fixture.clear();
      t = await createTestApp({
        config: { loginRate: { perIpPerMinute: 1000, failuresPerAccountIp: 5, failureWindowSec: 900 } },
      });
      for (const login of [...aUsers().map((u) => u.login), B_USER])
        tokens[login] = (await t.login(login)).accessToken;
      tables = (
        await t.sql<{ table_name: string }>(
          `select c.table_name from information_schema.columns c
           join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
           where c.table_schema = 'public' and c.column_name = 'partner_id' and tb.table_type = 'BASE TABLE'
           order by 1`,
        )
      ).map((r) => r.table_name);
      await buildFixture(pair === PAIRS[0]);
      SAMPLES['card.brand'] = (
        await one<{ name: string }>(`select name from seller_brands where partner_id = $1 limit 1`, [A])
      ).name;
      const tableSet = new Set(tables);
      plans = new Map(methods.map((m) => [m.name, plan(m, tableSet)]));
      for (const p of plans.values())
        for (const f of p.ids)
          if (f.kind && typeof f.kind !== 'string' && !fixture.has(keyOf(f.kind))) {
            const v = await conventionalValues(f.kind.table);
            if (typeof v === 'string') p.invalid = `${f.path}: ${v}`;
            else fixture.set(keyOf(f.kind), v);
          }
    }, 60_000);
    afterAll(() => t?.close());

    describe('the catalogue', () => {
      it('has partner-scoped methods to check, and A and B are different partners with objects', () => {
        expect(methods.length).toBeGreaterThan(pair === PAIRS[0] ? 40 : 5);
        for (const [k, v] of fixture) {
          expect(v.a, `fixture ${k} of A`).toBeTruthy();
          expect(v.b, `fixture ${k} of B`).toBeTruthy();
          if (!GLOBAL_KINDS.has(k as Kind)) expect(v.a).not.toBe(v.b);
        }
      });
    });

    describe('a partner-scoped method called as partner A', () => {
      for (const def of methods) {
        it(def.name, async () => {
          const p = plans.get(def.name)!;
          expect(p.invalid, `${def.name}: cannot build its params`).toBeUndefined();
          const unmapped = p.ids.filter((f) => f.kind === null).map((f) => f.path);
          expect(
            unmapped,
            `${def.name} has id-like field(s) ${unmapped.join(', ')} of no known kind: add the kind to KIND_RULES ` +
              `and a fixture of A's and B's objects of that kind in apps/server/test/isolation.test.ts`,
          ).toEqual([]);
          const checked = def.params.safeParse(p.params);
          expect(
            checked.success,
            `${def.name}: generated params ${JSON.stringify(p.params)} do not validate: ` +
              `${checked.success ? '' : z.prettifyError(checked.error)} — add a value to SAMPLES`,
          ).toBe(true);

          const user = caller(def);
          if (!user) {
            // Staff only (support, admin): they act for any partner; a seller is refused before anything.
            const r = await t.rpc(def.name, { ...p.params, partnerId: B }, tokens[A_LOGIN]);
            expect(r.error?.code, `${def.name}: a seller must be refused`).toBe(50403);
            return;
          }
          const token = tokens[user.login]!;
          const swapped = p.ids.filter(
            (f) => f.kind && !(typeof f.kind === 'string' && GLOBAL_KINDS.has(f.kind)),
          );
          const valuesOf = (f: (typeof p.ids)[number]) => fixture.get(keyOf(f.kind!))!;
          const fill = (side: (f: (typeof p.ids)[number]) => string) => {
            for (const f of p.ids) if (f.kind) f.set(side(f));
            for (const draw of p.fresh) draw();
            return structuredClone(p.params);
          };
          const allValues = p.ids.filter((f) => f.kind).flatMap((f) => Object.values(valuesOf(f)));

          // 1. B's partnerId (with B's objects) answers exactly as a partner that does not exist.
          {
            const before = await fingerprint();
            const params = fill((f) => valuesOf(f).b);
            const asB = await t.rpc(def.name, { ...params, partnerId: B }, token);
            const asNone = await t.rpc(def.name, { ...params, partnerId: NO_PARTNER }, token);
            expect(
              asNone.error?.code,
              `${def.name} is in the catalogue but the server does not serve it (no handler)`,
            ).not.toBe(-32601);
            expect(normalize(asB, allValues), `${def.name} with B's partnerId`).toBe(
              normalize(asNone, allValues),
            );
            expect(asB.error?.code, `${def.name} with B's partnerId`).toBe(50404);
            expect(await fingerprint(), `${def.name} with B's partnerId changed B's rows`).toEqual(before);
          }

          // 2. A's partnerId with one of B's objects (A's own for the other id fields) answers exactly as a
          //    missing object would.
          for (const target of user.partner === A ? swapped : []) {
            const before = await fingerprint();
            const own = (f: (typeof p.ids)[number]) => valuesOf(f).a;
            const missing = fill((f) => (f === target ? valuesOf(f).missing : own(f)));
            const others = fill((f) => (f === target ? valuesOf(f).b : own(f)));
            const asMissing = await t.rpc(def.name, { ...missing, partnerId: A }, token);
            const asOthers = await t.rpc(def.name, { ...others, partnerId: A }, token);
            const what = `${def.name} as A with B's ${target.path}`;
            if (!def.mutates && !NO_CONTROL.has(def.name)) {
              // Control: with A's own object the answer differs, so the params do reach the lookup.
              const asOwn = await t.rpc(def.name, { ...fill(own), partnerId: A }, token);
              const vals = [valuesOf(target).a, valuesOf(target).missing];
              expect(normalize(asOwn, vals), `${what}: control with A's own object`).not.toBe(
                normalize(asMissing, vals),
              );
            }
            if (def.mutates && !asMissing.error && !asOthers.error) {
              expect(shape(asOthers.result), what).toEqual(shape(asMissing.result));
            } else {
              const vals = [valuesOf(target).b, valuesOf(target).missing];
              expect(normalize(asOthers, vals), what).toBe(normalize(asMissing, vals));
            }
            expect(await fingerprint(), `${what} changed B's rows`).toEqual(before);
          }
        });
      }
    });

    if (pair === PAIRS[0])
      describe('a platform method', () => {
        for (const def of PLATFORM) {
          it(`${def.name} refuses a seller's token`, async () => {
            const r = await t.rpc(def.name, { partnerId: B }, tokens.fbs);
            expect(
              r.error?.code,
              `${def.name}: ${r.error?.code === -32601 ? 'in the catalogue but not served (no handler)' : 'a seller must be refused'}`,
            ).toBe(50403);
          });
        }
      });
  });
