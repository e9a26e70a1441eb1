// The photo rules of spec 001 §5 checked before upload: JPG by its first bytes (not only its name),
// at most 5 MB, and exactly 762×1100 or 1524×2200 pixels. Each refusal says why, per file.
import { fill, IMAGE_RULES } from '@moda/contracts';
import { nomenclaturesText } from '../locale';
import { readImageSize } from './image-size';

const text = nomenclaturesText.images.checks;

async function startsLikeJpeg(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await readHead(file));
  return head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

function readHead(file: Blob): Promise<ArrayBuffer> {
  const slice = file.slice(0, 3);
  if (typeof slice.arrayBuffer === 'function') return slice.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(slice);
  });
}

/** Null when the file may be uploaded, otherwise the reason in Russian. */
export async function checkImageFile(file: File): Promise<string | null> {
  const named = /\.jpe?g$/i.test(file.name);
  if (!named || !(await startsLikeJpeg(file))) return text.notJpg;
  if (file.size > IMAGE_RULES.maxBytes) return text.tooLarge;
  let size: { width: number; height: number };
  try {
    size = await readImageSize(file);
  } catch {
    return text.unreadable;
  }
  const allowed = IMAGE_RULES.sizes.some(([w, h]) => w === size.width && h === size.height);
  return allowed ? null : fill(text.wrongSize, size);
}
