// The connection pool and the Drizzle handle over it. Services receive a `Db` that is either the pool
// or a transaction, so the same query code runs inside and outside transactions.
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgTransaction } from 'drizzle-orm/pg-core';

// No relational queries (db.query.*): queries import the tables they use, so the handle needs no schema and
// db/ depends on no module.
export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Statements that need not wait for each other: side by side on the pool, where each takes a connection of
 * its own, and one after another in a transaction, whose one connection must not be handed a statement while
 * it runs another (pg 8 warns, pg 9 refuses).
 */
export async function concurrently<T extends unknown[]>(
  db: DbOrTx,
  statements: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  const run = statements as readonly (() => PromiseLike<unknown>)[];
  if (!(db instanceof PgTransaction)) return (await Promise.all(run.map((s) => s()))) as T;
  const results: unknown[] = [];
  for (const s of run) results.push(await s());
  return results as T;
}

// bigint and numeric come back as strings by default; counts are cast in SQL instead (DESIGN install notes).
export function createPool(url: string, max = 20): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    // While the database is down a request waits this long for a connection, then answers «unavailable».
    connectionTimeoutMillis: 5_000,
  });
  pool.on('error', () => {
    // An idle client lost its connection (database restart): the pool replaces it on next use.
  });
  // pg-pool listens for errors only on idle clients: a checked-out client whose server dies (57P01) would
  // emit an unhandled 'error' and end the process. Its query fails on its own; the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

// Connection failures, a server shutting down or starting, and pg's own "not queryable" errors.
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|terminating connection/i;

/** Whether an error means the database cannot be reached now (not that a statement is wrong). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    // Drizzle wraps the driver's error ("Failed query: …") with the original as its cause.
    e = cause;
  }
  return false;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool);
}
