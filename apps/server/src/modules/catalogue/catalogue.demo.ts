// Demo catalogue: a few hundred products per demo seller, in every status, grouped by parent SKU into sizes.
// Deterministic (seeded), so every fresh start shows the same catalogue.
import type { Db } from '../../db/client';
import { products } from './catalogue.schema';

const ITEMS = [
  {
    title: 'Платье миди',
    category: 'clothes',
    erp: ['Одежда', 'Платья'],
    sizes: ['42', '44', '46'],
    price: 4990,
  },
  {
    title: 'Футболка базовая',
    category: 'clothes',
    erp: ['Одежда', 'Футболки'],
    sizes: ['S', 'M', 'L'],
    price: 1290,
  },
  {
    title: 'Джинсы прямые',
    category: 'clothes',
    erp: ['Одежда', 'Джинсы'],
    sizes: ['28', '30', '32'],
    price: 3990,
  },
  {
    title: 'Куртка демисезонная',
    category: 'clothes',
    erp: ['Одежда', 'Верхняя одежда'],
    sizes: ['M', 'L', 'XL'],
    price: 8990,
  },
  {
    title: 'Кроссовки беговые',
    category: 'footwear',
    erp: ['Обувь', 'Кроссовки'],
    sizes: ['40', '41', '42'],
    price: 6490,
  },
  {
    title: 'Ботинки кожаные',
    category: 'footwear',
    erp: ['Обувь', 'Ботинки'],
    sizes: ['39', '40', '41'],
    price: 9990,
  },
  {
    title: 'Сумка через плечо',
    category: 'accessories',
    erp: ['Аксессуары', 'Сумки'],
    sizes: ['ONE'],
    price: 3490,
  },
  {
    title: 'Шарф вязаный',
    category: 'accessories',
    erp: ['Аксессуары', 'Шарфы'],
    sizes: ['ONE'],
    price: 1490,
  },
  { title: 'Плед шерстяной', category: 'home', erp: ['Дом', 'Текстиль'], sizes: ['ONE'], price: 2990 },
  { title: 'Крем для рук', category: 'beauty', erp: ['Красота', 'Уход'], sizes: ['ONE'], price: 490 },
] as const;
const COLORS = ['чёрный', 'белый', 'синий', 'бежевый', 'красный', 'зелёный', 'серый'];
const BRANDS: Record<number, string[]> = {
  10001: ['Nord Wind', 'Levi’s', 'Calvin Klein'],
  10002: ['Urban Loft', 'Loft Basic'],
  10003: ['DropStyle'],
  10004: ['Модный дом', 'Дом моды'],
  10005: ['Модный дом'],
};
const PREFIX: Record<number, string> = { 10001: 'NW', 10002: 'UL', 10003: 'DS', 10004: 'MD', 10005: 'MF' };

/** mulberry32: a small seeded generator, so the demo is the same on every machine. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** EAN-13 with its check digit (GS1: weights 1 and 3 from the left). */
export function ean13(twelve: string): string {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

const STATUSES: [string, string, number][] = [
  // status, moderation, share
  ['online', 'approved', 0.6],
  ['inactive', 'approved', 0.1],
  ['out_of_stock', 'approved', 0.08],
  ['moderation_pending', 'on_moderation', 0.08],
  ['need_action', 'rejected', 0.06],
  ['photoshoot_pending', 'approved', 0.04],
  ['archive', 'approved', 0.04],
];

export async function seedProducts(db: Db, parentsPerPartner = 100): Promise<void> {
  const rows: (typeof products.$inferInsert)[] = [];
  for (const [pid, brands] of Object.entries(BRANDS).map(([k, v]) => [Number(k), v] as const)) {
    const rnd = random(pid);
    for (let n = 1; n <= parentsPerPartner; n++) {
      const item = ITEMS[Math.floor(rnd() * ITEMS.length)]!;
      const color = COLORS[Math.floor(rnd() * COLORS.length)]!;
      const brand = brands[Math.floor(rnd() * brands.length)]!;
      let pick = rnd();
      const [status, moderation] = STATUSES.find(([, , share]) => (pick -= share) < 0) ?? STATUSES[0]!;
      const parent = `${PREFIX[pid]}-${String(n).padStart(4, '0')}`;
      const price = Math.round((item.price * (0.8 + rnd() * 0.6)) / 10) * 10;
      const created = new Date(Date.UTC(2026, 0, 1) + Math.floor(rnd() * 320) * 86_400_000);
      for (const size of item.sizes) {
        const seq = rows.length + 1;
        rows.push({
          partnerId: pid,
          modaSku: `MD${pid}${String(seq).padStart(6, '0')}`,
          modaParentSku: `MDP${pid}${String(n).padStart(5, '0')}`,
          sellerSku: size === 'ONE' ? parent : `${parent}-${size}`,
          sellerParentSku: parent,
          barcode: ean13(`460${String(pid).slice(-3)}${String(seq).padStart(6, '0')}`),
          title: `${item.title}, ${color}${size === 'ONE' ? '' : `, размер ${size}`}`,
          brand,
          category: item.category,
          erpLevel1: item.erp[0],
          erpLevel2: item.erp[1],
          price,
          salePrice: rnd() < 0.3 ? Math.round((price * 0.8) / 10) * 10 : null,
          piValue: rnd() < 0.7 ? Math.round((0.8 + rnd() * 0.5) * 100) / 100 : null,
          quantity: status === 'out_of_stock' ? 0 : Math.floor(rnd() * 50) + 1,
          status: status === 'archive' ? 'inactive' : status,
          moderationStatus: moderation,
          moderationReason:
            moderation === 'rejected' ? 'Фото не соответствует товару: замените главное фото' : null,
          archived: status === 'archive',
          createdAt: created,
          updatedAt: created,
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(products).values(rows.slice(i, i + 500));
}
