// File storage behind one interface. Local folder by default; an S3-compatible store can implement the
// same four calls (docs/decisions.md).
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';

export interface FileStorage {
  /** Store the stream under `key`; on any failure nothing is left behind. */
  put(key: string, body: Readable): Promise<void>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class LocalStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const p = path.resolve(this.root, key);
    if (!p.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`Storage key escapes the root: ${key}`);
    return p;
  }

  async put(key: string, body: Readable): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.part`;
    const out = createWriteStream(tmp, { flags: 'wx' });
    try {
      await pipeline(body, out);
      await fs.rename(tmp, target);
    } catch (err) {
      // The pipeline fails as soon as the body does (a size limit), maybe before the file is even opened:
      // removed only once the write stream is closed, else the part would be created after its removal.
      if (!out.closed) await new Promise<void>((closed) => out.once('close', () => closed()));
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const p = this.pathOf(key);
    await fs.access(p);
    return createReadStream(p);
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return fs.access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }
}
