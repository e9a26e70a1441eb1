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
    try {
      await pipeline(body, createWriteStream(tmp, { flags: 'wx' }));
      await fs.rename(tmp, target);
    } catch (err) {
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
