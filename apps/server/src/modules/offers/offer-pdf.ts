// Renders a version of the cooperation terms as a PDF (A4, DejaVu Sans for Cyrillic), on download.
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { loadPdfKit } from '../../core/lazy-libs';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const ddmmyy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(2, 4)}`;

export async function renderOfferPdf(o: {
  partnerId: number;
  shopName: string;
  version: string;
  actDate: string;
}): Promise<Readable> {
  const doc = new (await loadPdfKit())({
    size: 'A4',
    margin: 56,
    info: { Title: `Условия сотрудничества, версия ${o.version}` },
  });
  doc.registerFont('body', FONT).registerFont('bold', FONT_BOLD);
  doc.font('bold').fontSize(16).text('Условия сотрудничества с маркетплейсом Moda', { align: 'center' });
  doc
    .moveDown(0.5)
    .font('body')
    .fontSize(11)
    .text(`Версия ${o.version}. Вступают в силу ${ddmmyy(o.actDate)}.`, { align: 'center' });
  doc.moveDown().text(`Продавец: ${o.shopName} (партнёр № ${o.partnerId}).`);
  const clauses = [
    'Продавец размещает товары на маркетплейсе Moda и отвечает за достоверность сведений о них.',
    'Маркетплейс принимает заказы покупателей, передаёт их продавцу и перечисляет выручку за вычетом вознаграждения.',
    'Продавец соблюдает сроки сборки и отгрузки заказов, указанные в кабинете продавца.',
    'Цены и скидки продавец устанавливает в кабинете; резкое снижение цены может быть проверено маркетплейсом.',
    'Споры стороны решают переговорами, а при недостижении согласия — в суде по месту нахождения маркетплейса.',
  ];
  clauses.forEach((c, i) => doc.moveDown(0.6).text(`${i + 1}. ${c}`, { align: 'justify' }));
  doc.moveDown(2).text('Подтверждение условий в кабинете продавца равносильно их подписанию.');
  doc.end();
  return doc;
}
