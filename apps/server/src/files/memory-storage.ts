// File storage held in memory: a demo load run without the app's storage (a test loading one area's demo) still
// puts its uploads through the real intake (format and size checks, the area's job reading the bytes back); the
// originals are gone once the load ends. `npm start` hands the demo loads the app's own storage.
import { Readable } from 'node:stream';
import type { FileStorage } from './storage';

export class MemoryStorage implements FileStorage {
  private readonly items = new Map<string, Buffer>();

  async put(key: string, body: Readable): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
    this.items.set(key, Buffer.concat(chunks));
  }

  async get(key: string): Promise<Readable> {
    const bytes = this.items.get(key);
    if (!bytes) throw Object.assign(new Error(`No stored file: ${key}`), { code: 'ENOENT' });
    return Readable.from([bytes]);
  }

  async delete(key: string): Promise<void> {
    this.items.delete(key);
  }

  async exists(key: string): Promise<boolean> {
    return this.items.has(key);
  }
}
