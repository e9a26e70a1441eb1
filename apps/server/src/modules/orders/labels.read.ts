// Reads printed labels back: a PDF rendered to PNG with poppler's pdftoppm at 300 dpi, its Code 128 barcodes
// decoded with ZXing. Shared by the tests of every label this server prints (orders' packs, FBS pallets and acts).
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';

const run = promisify(execFile);

/** Every page of the PDF as PNG at 300 dpi, and the Code 128 texts found on each. */
export async function readBarcodes(
  pdf: Buffer,
): Promise<{ width: number; height: number; codes: Set<string> }[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-label-'));
  try {
    await fs.writeFile(path.join(dir, 'l.pdf'), pdf);
    await run('pdftoppm', ['-r', '300', '-png', path.join(dir, 'l.pdf'), path.join(dir, 'p')]);
    const pages = (await fs.readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    const out = [];
    for (const page of pages) {
      const { data, info } = await sharp(path.join(dir, page))
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const codes = new Set<string>();
      // One 1D barcode per read: slide a band down the page so each barcode is found on its own.
      const band = Math.floor(info.height / 6);
      for (let top = 0; top + band <= info.height; top += Math.floor(band / 2)) {
        const lum = new Uint8ClampedArray(data.subarray(top * info.width, (top + band) * info.width));
        const reader = new MultiFormatReader();
        const hints = new Map<DecodeHintType, unknown>([
          [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
          [DecodeHintType.TRY_HARDER, true],
        ]);
        try {
          const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(lum, info.width, band)));
          codes.add(reader.decode(bitmap, hints).getText());
        } catch {
          // no barcode in this band
        }
      }
      out.push({ width: info.width, height: info.height, codes });
    }
    return out;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
