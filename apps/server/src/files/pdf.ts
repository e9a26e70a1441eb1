// PDFs the server prints (label pages, the FBS transfer act): one document set-up with DejaVu Sans for Cyrillic
// (fonts 'body' and 'bold'), Code 128 barcodes rendered by bwip-js as PNG, and the label page every label
// kind shares (75x120 or 100x80 mm): the shop, a line of what this page is, the page's own barcode with its
// text, a second barcode of what it belongs to (order, supply, shipment) and the details below.
import { createRequire } from 'node:module';
import { LABEL_SIZES } from '@moda/contracts';
import { loadBwip, loadPdfKit } from '../core/lazy-libs';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
/** Points in a millimetre. */
export const MM = 72 / 25.4;

type PdfKit = Awaited<ReturnType<typeof loadPdfKit>>;
export type PdfDoc = InstanceType<PdfKit>;

/** A PDF document with the fonts registered; `finish()` ends it and resolves with its bytes. */
export async function pdfDocument(
  options: ConstructorParameters<PdfKit>[0],
): Promise<{ doc: PdfDoc; finish: () => Promise<Buffer> }> {
  const doc = new (await loadPdfKit())(options);
  doc.registerFont('body', FONT).registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  return {
    doc,
    async finish() {
      doc.end();
      await done;
      return Buffer.concat(chunks);
    },
  };
}

/** A Code 128 barcode as PNG, without its text (the page prints the text itself). */
export async function code128(text: string, size = { scale: 4, height: 14 }): Promise<Buffer> {
  return (await loadBwip()).toBuffer({ bcid: 'code128', text, ...size, includetext: false });
}

export interface LabelPage {
  heading: string;
  subheading: string;
  /** The page's own barcode (pack, box, pallet), its text printed under it. */
  main: { code: Buffer; text: string; height: number };
  /** What the page belongs to: its barcode and a caption, narrower than the page when `width` says. */
  second: { code: Buffer; caption: string; height: number; width?: number };
  lines: string[];
  linesFontSize?: number;
}

/** A document of label pages of one size, each drawn by `page()`. */
export async function labelDocument(size: keyof typeof LABEL_SIZES, title: string) {
  const { width, height } = LABEL_SIZES[size];
  const w = width * MM;
  const h = height * MM;
  const margin = 4 * MM;
  const inner = w - 2 * margin;
  const { doc, finish } = await pdfDocument({
    size: [w, h],
    margin,
    autoFirstPage: false,
    info: { Title: title },
  });
  const page = (p: LabelPage) => {
    doc.addPage({ size: [w, h], margin });
    let y = margin;
    doc.font('bold').fontSize(9).text(p.heading, margin, y, { width: inner });
    y = doc.y + 1;
    doc.font('body').fontSize(7).text(p.subheading, margin, y, { width: inner });
    y = doc.y + 3;
    doc.image(p.main.code, margin, y, { width: inner, height: p.main.height });
    y += p.main.height + 1;
    doc.font('bold').fontSize(9).text(p.main.text, margin, y, { width: inner, align: 'center' });
    y = doc.y + 3;
    const secondWidth = p.second.width ?? inner;
    doc.image(p.second.code, margin, y, { width: secondWidth, height: p.second.height });
    y += p.second.height + 1;
    doc.font('body').fontSize(8).text(p.second.caption, margin, y, { width: secondWidth, align: 'center' });
    y = doc.y + 3;
    doc
      .fontSize(p.linesFontSize ?? 7)
      .text(p.lines.join('\n'), margin, y, { width: inner, height: h - y - margin, ellipsis: true });
  };
  return { page, finish, inner };
}
