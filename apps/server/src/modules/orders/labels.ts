// Pack labels (spec 001 §5, §9): one page per pack, 75x120 mm or 100x80 mm, DejaVu Sans for Cyrillic,
// Code 128 barcodes of the pack number and of the order number (bwip-js renders them as PNG).
import { createRequire } from 'node:module';
import { LABEL_SIZES } from '@moda/contracts';
import { loadBwip, loadPdfKit } from '../../core/lazy-libs';

/** How a label names the payment method (the courier collects the sum for cash and card on delivery). */
const PAYMENT_METHOD_LABELS_RU: Record<string, string> = {
  Prepaid: 'предоплата',
  COD: 'наличными при получении',
  CardOnDelivery: 'картой при получении',
  CardPayment: 'картой онлайн',
  qiwi: 'QIWI',
  PayPal: 'PayPal',
  Payture: 'Payture',
  Installment: 'рассрочка',
  InstallmentPlan: 'рассрочка',
  Certificate: 'подарочный сертификат',
};

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const MM = 72 / 25.4;

export interface LabelOrder {
  orderNr: string;
  partnerId: number;
  shopName: string;
  paymentMethod: string;
  sum: number;
  itemCount: number;
  delivery: { address: string; method: string; serviceLevel: string };
  warehouse: { code: string; name: string; address: string };
  packs: string[];
}

const rub = (n: number) =>
  `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(n).replace(/\u00a0/g, ' ')} ₽`;

async function code128(text: string): Promise<Buffer> {
  return (await loadBwip()).toBuffer({ bcid: 'code128', text, scale: 4, height: 14, includetext: false });
}

/** The labels of some orders in one PDF, every pack on its own page. */
export async function renderLabels(orders: LabelOrder[], size: keyof typeof LABEL_SIZES): Promise<Buffer> {
  const { width, height } = LABEL_SIZES[size];
  const w = width * MM;
  const h = height * MM;
  const margin = 4 * MM;
  const doc = new (await loadPdfKit())({
    size: [w, h],
    margin,
    autoFirstPage: false,
    info: { Title: `Этикетки грузомест: ${orders.map((o) => o.orderNr).join(', ')}`.slice(0, 200) },
  });
  doc.registerFont('body', FONT).registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const inner = w - 2 * margin;
  const tall = size === '75x120';
  for (const o of orders) {
    const orderCode = await code128(o.orderNr);
    for (const [i, pack] of o.packs.entries()) {
      const packCode = await code128(pack);
      doc.addPage({ size: [w, h], margin });
      let y = margin;
      doc.font('bold').fontSize(9).text(o.shopName, margin, y, { width: inner });
      y = doc.y + 1;
      doc
        .font('body')
        .fontSize(7)
        .text(`Партнёр № ${o.partnerId} · Грузоместо ${i + 1} из ${o.packs.length}`, margin, y, {
          width: inner,
        });
      y = doc.y + 3;
      const packHeight = (tall ? 22 : 16) * MM;
      doc.image(packCode, margin, y, { width: inner, height: packHeight });
      y += packHeight + 1;
      doc.font('bold').fontSize(9).text(pack, margin, y, { width: inner, align: 'center' });
      y = doc.y + 3;
      const orderHeight = (tall ? 14 : 10) * MM;
      const orderWidth = tall ? inner : inner * 0.6;
      doc.image(orderCode, margin, y, { width: orderWidth, height: orderHeight });
      y += orderHeight + 1;
      doc
        .font('body')
        .fontSize(8)
        .text(`Заказ ${o.orderNr}`, margin, y, { width: orderWidth, align: 'center' });
      y = doc.y + 3;
      const payment = PAYMENT_METHOD_LABELS_RU[o.paymentMethod] ?? o.paymentMethod;
      const lines = [
        `Оплата: ${payment}${o.paymentMethod === 'COD' || o.paymentMethod === 'CardOnDelivery' ? `, к оплате ${rub(o.sum)}` : ''}`,
        `Товаров в заказе: ${o.itemCount}`,
        `Доставка: ${o.delivery.method}, ${o.delivery.serviceLevel}`,
        `Адрес: ${o.delivery.address}`,
        `Склад приёмки: ${o.warehouse.name}, ${o.warehouse.address}`,
      ];
      doc.fontSize(tall ? 7 : 6).text(lines.join('\n'), margin, y, {
        width: inner,
        height: h - y - margin,
        ellipsis: true,
      });
    }
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A pallet of an FBS shipment: its own barcode and cargo space number (FBS shipments print these). */
export interface PalletLabel {
  barcode: string;
  cargoSpace: number;
  packs: number;
  items: number;
}

/** Pallet labels of a shipment in one PDF (75x120 mm, as pack labels): a page per pallet, Code 128. */
export async function renderPalletLabels(input: {
  shipmentNr: string;
  partnerId: number;
  shopName: string;
  handoverAt: string;
  destination: string;
  pallets: PalletLabel[];
}): Promise<Buffer> {
  const { width, height } = LABEL_SIZES['75x120'];
  const w = width * MM;
  const h = height * MM;
  const margin = 4 * MM;
  const inner = w - 2 * margin;
  const doc = new (await loadPdfKit())({
    size: [w, h],
    margin,
    autoFirstPage: false,
    info: { Title: `Этикетки паллет отгрузки ${input.shipmentNr}` },
  });
  doc.registerFont('body', FONT).registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const shipmentCode = await code128(input.shipmentNr);
  for (const p of input.pallets) {
    doc.addPage({ size: [w, h], margin });
    let y = margin;
    doc.font('bold').fontSize(9).text(input.shopName, margin, y, { width: inner });
    y = doc.y + 1;
    doc
      .font('body')
      .fontSize(7)
      .text(`Партнёр № ${input.partnerId} · Паллета ${p.cargoSpace} из ${input.pallets.length}`, margin, y, {
        width: inner,
      });
    y = doc.y + 3;
    doc.image(await code128(p.barcode), margin, y, { width: inner, height: 22 * MM });
    y += 22 * MM + 1;
    doc.font('bold').fontSize(9).text(p.barcode, margin, y, { width: inner, align: 'center' });
    y = doc.y + 3;
    doc.image(shipmentCode, margin, y, { width: inner, height: 14 * MM });
    y += 14 * MM + 1;
    doc
      .font('body')
      .fontSize(8)
      .text(`Отгрузка ${input.shipmentNr}`, margin, y, { width: inner, align: 'center' });
    y = doc.y + 3;
    const lines = [
      `Грузоместо: ${p.cargoSpace}`,
      `Упаковок: ${p.packs}, товаров: ${p.items}`,
      `Передача: ${input.handoverAt}`,
      `Куда: ${input.destination}`,
    ];
    doc
      .fontSize(7)
      .text(lines.join('\n'), margin, y, { width: inner, height: h - y - margin, ellipsis: true });
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
