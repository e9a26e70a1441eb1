// Pack labels (spec 001 §5, §9): one page per pack, 75x120 mm or 100x80 mm, DejaVu Sans for Cyrillic,
// Code 128 barcodes of the pack number and of the order number (bwip-js renders them as PNG).
import type { LABEL_SIZES } from '@moda/contracts';
import { code128, labelDocument, MM } from '../../files/pdf';

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

/** The labels of some orders in one PDF, every pack on its own page. */
export async function renderLabels(orders: LabelOrder[], size: keyof typeof LABEL_SIZES): Promise<Buffer> {
  const labels = await labelDocument(
    size,
    `Этикетки грузомест: ${orders.map((o) => o.orderNr).join(', ')}`.slice(0, 200),
  );
  const tall = size === '75x120';
  for (const o of orders) {
    const orderCode = await code128(o.orderNr);
    for (const [i, pack] of o.packs.entries()) {
      const payment = PAYMENT_METHOD_LABELS_RU[o.paymentMethod] ?? o.paymentMethod;
      labels.page({
        heading: o.shopName,
        subheading: `Партнёр № ${o.partnerId} · Грузоместо ${i + 1} из ${o.packs.length}`,
        main: { code: await code128(pack), text: pack, height: (tall ? 22 : 16) * MM },
        second: {
          code: orderCode,
          caption: `Заказ ${o.orderNr}`,
          height: (tall ? 14 : 10) * MM,
          width: tall ? labels.inner : labels.inner * 0.6,
        },
        lines: [
          `Оплата: ${payment}${o.paymentMethod === 'COD' || o.paymentMethod === 'CardOnDelivery' ? `, к оплате ${rub(o.sum)}` : ''}`,
          `Товаров в заказе: ${o.itemCount}`,
          `Доставка: ${o.delivery.method}, ${o.delivery.serviceLevel}`,
          `Адрес: ${o.delivery.address}`,
          `Склад приёмки: ${o.warehouse.name}, ${o.warehouse.address}`,
        ],
        linesFontSize: tall ? 7 : 6,
      });
    }
  }
  return labels.finish();
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
  const labels = await labelDocument('75x120', `Этикетки паллет отгрузки ${input.shipmentNr}`);
  const shipmentCode = await code128(input.shipmentNr);
  for (const p of input.pallets)
    labels.page({
      heading: input.shopName,
      subheading: `Партнёр № ${input.partnerId} · Паллета ${p.cargoSpace} из ${input.pallets.length}`,
      main: { code: await code128(p.barcode), text: p.barcode, height: 22 * MM },
      second: { code: shipmentCode, caption: `Отгрузка ${input.shipmentNr}`, height: 14 * MM },
      lines: [
        `Грузоместо: ${p.cargoSpace}`,
        `Упаковок: ${p.packs}, товаров: ${p.items}`,
        `Передача: ${input.handoverAt}`,
        `Куда: ${input.destination}`,
      ],
    });
  return labels.finish();
}
