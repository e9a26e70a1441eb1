// The connection pool and the Drizzle handle over it. Services receive a `Db` that is either the pool
// or a transaction, so the same query code runs inside and outside transactions.
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';

// No relational queries (db.query.*): queries import the tables they use, so the handle needs no schema and
// db/ depends on no module.
export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// bigint and numeric come back as strings by default; counts are cast in SQL instead (DESIGN install notes).
export function createPool(url: string, max = 20): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    // An idle client lost its connection (database restart): the pool replaces it on next use.
  });
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool);
}
