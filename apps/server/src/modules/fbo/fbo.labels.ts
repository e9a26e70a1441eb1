// Box and pallet labels of a supply (75x120 mm, the size orders' pack labels use): one page per box or
// pallet with its Code 128 barcode, the supply's number as a second barcode, the warehouse and the slot.
import { code128, labelDocument, MM } from '../../files/pdf';

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

export async function renderSupplyLabels(input: SupplyLabelsInput): Promise<Buffer> {
  const labels = await labelDocument('75x120', `Этикетки поставки ${input.number}`);
  const supplyCode = await code128(input.number);
  for (const l of input.labels) {
    const what = l.kind === 'box' ? 'Короб' : 'Паллета';
    labels.page({
      heading: input.shopName,
      subheading: `Партнёр № ${input.partnerId} · ${what} ${l.index} из ${l.count}`,
      main: { code: await code128(l.barcode), text: l.barcode, height: 22 * MM },
      second: { code: supplyCode, caption: `Поставка ${input.number}`, height: 14 * MM },
      lines: [
        `Склад: ${input.warehouse}`,
        `Дата поставки: ${input.plannedDate ?? 'слот не забронирован'}`,
        ...(l.name ? [`Короб в файле: ${l.name}`] : []),
        ...(l.units !== null ? [`Единиц товара: ${l.units}`] : []),
      ],
    });
  }
  return labels.finish();
}
