// PostgreSQL's NOTIFY, heard by one connection per process: what a process caches from the database is
// dropped when a transaction that changed it commits, in this process or any other (the worker, a second
// server, a script). Notifications are delivered only after commit, once per transaction for each distinct
// payload. While the connection is lost nothing is heard, so every subscriber is told to forget everything
// (`reset`) when it drops and again when it is back; it reconnects on its own.
import type pg from 'pg';

export interface Subscriber {
  /** A NOTIFY on the channel, with its payload. */
  message: (payload: string) => void;
  /** Notifications may have been missed (the connection dropped or has just been made): forget everything. */
  reset: () => void;
}

const RETRY_MS = 1_000;

export class DbNotifications {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private client: pg.PoolClient | undefined;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly pool: pg.Pool) {}

  /** Whether notifications are being heard right now: a cache may keep what it loads only then. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Listen on `channel`; resolves once the LISTEN is in place (or the connection is being retried). */
  async subscribe(channel: string, subscriber: Subscriber): Promise<void> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    let set = this.subscribers.get(channel);
    const fresh = !set;
    if (!set) this.subscribers.set(channel, (set = new Set()));
    set.add(subscriber);
    if (!this.client) return this.connect();
    if (fresh) await this.client.query(`listen ${channel}`).catch(() => this.lost());
  }

  private connect(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    if (this.closed) return;
    let client: pg.PoolClient | undefined;
    try {
      client = await this.pool.connect();
      client.on('notification', (msg) => {
        for (const s of this.subscribers.get(msg.channel) ?? []) s.message(msg.payload ?? '');
      });
      // Only the connection in use counts: a late error of one already given up must not drop its successor.
      client.on('error', () => {
        if (this.client === client) this.lost();
      });
      for (const channel of this.subscribers.keys()) await client.query(`listen ${channel}`);
      this.client = client;
      // Whatever was loaded before LISTEN took effect may already be stale.
      this.resetAll();
    } catch {
      client?.release(true);
      this.schedule();
    }
  }

  private lost(): void {
    const client = this.client;
    this.client = undefined;
    this.resetAll();
    if (client) client.release(true);
    this.schedule();
  }

  private schedule(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, RETRY_MS);
    this.retry.unref();
  }

  private resetAll(): void {
    for (const set of this.subscribers.values()) for (const s of set) s.reset();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.connecting;
    const client = this.client;
    this.client = undefined;
    if (client) {
      await client.query('unlisten *').catch(() => {});
      client.release();
    }
  }
}

/**
 * Values loaded from the database and kept per key until a notification names the key. A load that was
 * under way when any notification arrived is returned but not kept: it may have read the state from before
 * the change. Nothing is kept while notifications are not heard.
 */
export class NotifiedCache<K, V> {
  private readonly entries = new Map<K, V>();
  private epoch = 0;

  constructor(
    private readonly notifications: DbNotifications,
    private readonly opts: { channel: string; keyOf: (payload: string) => K; maxEntries: number },
  ) {}

  start(): Promise<void> {
    return this.notifications.subscribe(this.opts.channel, {
      message: (payload) => this.drop(this.opts.keyOf(payload)),
      reset: () => this.clear(),
    });
  }

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const epoch = this.epoch;
    const value = await load();
    if (epoch === this.epoch && this.notifications.listening) {
      if (this.entries.size >= this.opts.maxEntries)
        this.entries.delete(this.entries.keys().next().value as K);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Forget one key (its data changed). */
  drop(key: K): void {
    this.epoch++;
    this.entries.delete(key);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }
}
