// The transfer act of an FBS shipment (A4 PDF): who hands over what to whom, the shipment's Code 128
// barcode, its orders by pallet with packs and items, the totals and the places to sign.
import { code128, pdfDocument } from '../../files/pdf';

export interface ActInput {
  shipmentNr: string;
  partnerId: number;
  shopName: string;
  warehouseName: string;
  destination: string;
  handoverAt: string;
  lines: { orderNr: string; cargoSpace: number; packs: number; items: number }[];
  pallets: number;
}

export async function renderAct(a: ActInput): Promise<Buffer> {
  const { doc, finish } = await pdfDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `Акт приёма-передачи ${a.shipmentNr}` },
  });
  const code = await code128(a.shipmentNr, { scale: 3, height: 12 });
  doc.font('bold').fontSize(14).text(`Акт приёма-передачи отправлений № ${a.shipmentNr}`);
  doc.moveDown(0.5);
  doc.image(code, { width: 220, height: 50 });
  doc.moveDown(0.5);
  doc
    .font('body')
    .fontSize(10)
    .text(`Продавец: ${a.shopName} (партнёр № ${a.partnerId})`)
    .text(`Склад продавца: ${a.warehouseName}`)
    .text(`Получатель: ${a.destination}`)
    .text(`Дата передачи: ${a.handoverAt}`);
  doc.moveDown();
  const cols = [40, 70, 250, 350, 440];
  const header = ['№', 'Номер заказа', 'Грузоместо', 'Упаковок', 'Товаров'];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 100) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'bold' : 'body').fontSize(9);
    cells.forEach((c, i) =>
      doc.text(c, cols[i], y, { width: (cols[i + 1] ?? 520) - cols[i]! - 4, lineBreak: false }),
    );
    doc.x = 40;
    doc.y = y + 14;
  };
  row(header, true);
  a.lines.forEach((l, i) =>
    row([String(i + 1), l.orderNr, String(l.cargoSpace), String(l.packs), String(l.items)]),
  );
  const packs = a.lines.reduce((s, l) => s + l.packs, 0);
  const items = a.lines.reduce((s, l) => s + l.items, 0);
  row(['', 'Итого', `${a.pallets}`, String(packs), String(items)], true);
  doc.moveDown(2);
  doc
    .font('body')
    .fontSize(10)
    .text(
      `Всего заказов: ${a.lines.length}, грузомест: ${a.pallets}, упаковок: ${packs}, товаров: ${items}`,
      40,
    );
  doc.moveDown(2);
  doc.text('Сдал (продавец): ____________________ / ____________________', 40);
  doc.moveDown();
  doc.text('Принял (перевозчик): ____________________ / ____________________', 40);
  return finish();
}
