// Box and pallet labels of a supply (75x120 mm, the size orders' pack labels use): one page per box or
// pallet with its Code 128 barcode, the supply's number as a second barcode, the warehouse and the slot.
import { createRequire } from 'node:module';
import { LABEL_SIZES } from '@moda/contracts';
import { loadBwip, loadPdfKit } from '../../core/lazy-libs';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const MM = 72 / 25.4;

export interface SupplyLabel {
  barcode: string;
  kind: 'box' | 'pallet';
  /** The box's name in the supply file, when it had one. */
  name: string | null;
  index: number;
  count: number;
  units: number | null;
}

export interface SupplyLabelsInput {
  number: string;
  partnerId: number;
  shopName: string;
  warehouse: string;
  plannedDate: string | null;
  labels: SupplyLabel[];
}

const code128 = async (text: string) =>
  (await loadBwip()).toBuffer({ bcid: 'code128', text, scale: 4, height: 14, includetext: false });

export async function renderSupplyLabels(input: SupplyLabelsInput): Promise<Buffer> {
  const { width, height } = LABEL_SIZES['75x120'];
  const w = width * MM;
  const h = height * MM;
  const margin = 4 * MM;
  const inner = w - 2 * margin;
  const doc = new (await loadPdfKit())({
    size: [w, h],
    margin,
    autoFirstPage: false,
    info: { Title: `Этикетки поставки ${input.number}` },
  });
  doc.registerFont('body', FONT).registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const supplyCode = await code128(input.number);
  for (const l of input.labels) {
    doc.addPage({ size: [w, h], margin });
    let y = margin;
    doc.font('bold').fontSize(9).text(input.shopName, margin, y, { width: inner });
    y = doc.y + 1;
    const what = l.kind === 'box' ? 'Короб' : 'Паллета';
    doc
      .font('body')
      .fontSize(7)
      .text(`Партнёр № ${input.partnerId} · ${what} ${l.index} из ${l.count}`, margin, y, { width: inner });
    y = doc.y + 3;
    doc.image(await code128(l.barcode), margin, y, { width: inner, height: 22 * MM });
    y += 22 * MM + 1;
    doc.font('bold').fontSize(9).text(l.barcode, margin, y, { width: inner, align: 'center' });
    y = doc.y + 3;
    doc.image(supplyCode, margin, y, { width: inner, height: 14 * MM });
    y += 14 * MM + 1;
    doc
      .font('body')
      .fontSize(8)
      .text(`Поставка ${input.number}`, margin, y, { width: inner, align: 'center' });
    y = doc.y + 3;
    const lines = [
      `Склад: ${input.warehouse}`,
      `Дата поставки: ${input.plannedDate ?? 'слот не забронирован'}`,
      ...(l.name ? [`Короб в файле: ${l.name}`] : []),
      ...(l.units !== null ? [`Единиц товара: ${l.units}`] : []),
    ];
    doc
      .fontSize(7)
      .text(lines.join('\n'), margin, y, { width: inner, height: h - y - margin, ellipsis: true });
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
