// Demo catalogue: a few hundred products per demo seller, in every status, grouped by parent SKU into sizes.
// Each card is whole, as the manual form saves it (scale and size of every row, composition, legal data, the
// category's required attributes), so every demo product opens in the editor and could be saved unchanged.
// Deterministic (seeded), so every fresh start shows the same catalogue.
import type { ProductCard, ProductionCountry } from '@moda/contracts';
import type { Db } from '../../db/client';
import { products } from './catalogue.schema';
import { cardRowValues } from './catalogue.service';

interface DemoItem {
  title: string;
  category: ProductCard['category'];
  erp: readonly [string, string];
  gender: ProductCard['gender'];
  /** A one-size product is the ONE size of the ONE_SIZE scale, as the manual form makes it. */
  sizeScale: string;
  sizes: readonly string[];
  price: number;
  composition: readonly (readonly [string, number])[];
  tnVed: string;
  /** The category's own attributes beside the colour (required ones included). */
  attributes: ProductCard['attributes'];
}

const ITEMS: readonly DemoItem[] = [
  {
    title: 'Платье миди',
    category: 'clothes',
    erp: ['Одежда', 'Платья'],
    gender: 'women',
    sizeScale: 'RU_CLOTHES',
    sizes: ['42', '44', '46'],
    price: 4990,
    composition: [
      ['хлопок', 95],
      ['эластан', 5],
    ],
    tnVed: '6204420000',
    attributes: { season: ['summer'], sleeve_length: 'short' },
  },
  {
    title: 'Футболка базовая',
    category: 'clothes',
    erp: ['Одежда', 'Футболки'],
    gender: 'unisex',
    sizeScale: 'INT_CLOTHES',
    sizes: ['S', 'M', 'L'],
    price: 1290,
    composition: [['хлопок', 100]],
    tnVed: '6109100000',
    attributes: { season: ['all'], sleeve_length: 'short' },
  },
  {
    title: 'Джинсы прямые',
    category: 'clothes',
    erp: ['Одежда', 'Джинсы'],
    gender: 'men',
    sizeScale: 'JEANS',
    sizes: ['28', '30', '32'],
    price: 3990,
    composition: [
      ['хлопок', 98],
      ['эластан', 2],
    ],
    tnVed: '6203423100',
    attributes: { season: ['all'] },
  },
  {
    title: 'Куртка демисезонная',
    category: 'clothes',
    erp: ['Одежда', 'Верхняя одежда'],
    gender: 'women',
    sizeScale: 'INT_CLOTHES',
    sizes: ['M', 'L', 'XL'],
    price: 8990,
    composition: [['полиэстер', 100]],
    tnVed: '6202400000',
    attributes: { season: ['spring', 'autumn'], sleeve_length: 'long' },
  },
  {
    title: 'Кроссовки беговые',
    category: 'footwear',
    erp: ['Обувь', 'Кроссовки'],
    gender: 'unisex',
    sizeScale: 'RU_SHOES',
    sizes: ['40', '41', '42'],
    price: 6490,
    composition: [
      ['текстиль', 70],
      ['резина', 30],
    ],
    tnVed: '6404110000',
    attributes: { season: ['all'] },
  },
  {
    title: 'Ботинки кожаные',
    category: 'footwear',
    erp: ['Обувь', 'Ботинки'],
    gender: 'men',
    sizeScale: 'RU_SHOES',
    sizes: ['39', '40', '41'],
    price: 9990,
    composition: [['натуральная кожа', 100]],
    tnVed: '6403919800',
    attributes: { season: ['autumn', 'winter'], heel_height: 3 },
  },
  {
    title: 'Сумка через плечо',
    category: 'accessories',
    erp: ['Аксессуары', 'Сумки'],
    gender: 'women',
    sizeScale: 'ONE_SIZE',
    sizes: ['ONE'],
    price: 3490,
    composition: [['полиуретан', 100]],
    tnVed: '4202221000',
    attributes: {},
  },
  {
    title: 'Шарф вязаный',
    category: 'accessories',
    erp: ['Аксессуары', 'Шарфы'],
    gender: 'unisex',
    sizeScale: 'ONE_SIZE',
    sizes: ['ONE'],
    price: 1490,
    composition: [
      ['шерсть', 50],
      ['акрил', 50],
    ],
    tnVed: '6117100000',
    attributes: {},
  },
  {
    title: 'Плед шерстяной',
    category: 'home',
    erp: ['Дом', 'Текстиль'],
    gender: 'unisex',
    sizeScale: 'ONE_SIZE',
    sizes: ['ONE'],
    price: 2990,
    composition: [['шерсть', 100]],
    tnVed: '6301209000',
    attributes: {},
  },
  {
    title: 'Крем для рук',
    category: 'beauty',
    erp: ['Красота', 'Уход'],
    gender: 'unisex',
    sizeScale: 'ONE_SIZE',
    sizes: ['ONE'],
    price: 490,
    composition: [
      ['масло ши', 60],
      ['глицерин', 40],
    ],
    tnVed: '3304990000',
    attributes: { volume_ml: 75 },
  },
];
/** Where demo goods are made, with a producer there: taken in turn, not by the seeded generator. */
const PRODUCERS: readonly { country: ProductionCountry; producer: string; address: string }[] = [
  { country: 'RU', producer: 'ООО «Фабрика «Заря»', address: 'г. Иваново, ул. Текстильщиков, 12' },
  {
    country: 'CN',
    producer: 'Guangzhou Huamei Garment Co., Ltd.',
    address: 'Guangzhou, Baiyun District, 88 Huangshi Road',
  },
  { country: 'TR', producer: 'Istanbul Tekstil A.Ş.', address: 'İstanbul, Bağcılar, Güneşli Mah., 15' },
  { country: 'UZ', producer: 'ООО «Ташкент Текстиль»', address: 'г. Ташкент, ул. Мукими, 40' },
  { country: 'BY', producer: 'ОАО «Минская швейная фабрика»', address: 'г. Минск, ул. Тимирязева, 65' },
];
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
      const made = PRODUCERS[n % PRODUCERS.length]!;
      const card: ProductCard = {
        category: item.category,
        sellerParentSku: parent,
        title: `${item.title}, ${color}`,
        brand,
        gender: item.gender,
        country: made.country,
        erpCategory: { level1: item.erp[0], level2: item.erp[1] },
        composition: item.composition.map(([material, percent]) => ({ material, percent })),
        sizeScale: item.sizeScale,
        sizes: item.sizes.map((size, i) => ({
          size,
          sellerSku: size === 'ONE' ? parent : `${parent}-${size}`,
          barcode: ean13(`460${String(pid).slice(-3)}${String(rows.length + i + 1).padStart(6, '0')}`),
          dataMatrix: false,
        })),
        price,
        attributes: { color_family: color, ...item.attributes },
        legal: {
          tnVed: item.tnVed,
          producer: made.producer,
          producerAddress: made.address,
          isResale: false,
          eac: true,
        },
      };
      const { common, details } = cardRowValues(card);
      for (const size of card.sizes) {
        const seq = rows.length + 1;
        rows.push({
          partnerId: pid,
          // MODA_SKU's 11 digits: the partner id, then a number of its own.
          modaSku: `MD${pid}${String(seq).padStart(6, '0')}`,
          modaParentSku: `MDP${pid}${String(n).padStart(6, '0')}`,
          sellerSku: size.sellerSku,
          sellerParentSku: parent,
          barcode: size.barcode,
          title: common.title,
          brand,
          category: item.category,
          erpLevel1: common.erpLevel1,
          erpLevel2: common.erpLevel2,
          price,
          attributes: details(size),
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
