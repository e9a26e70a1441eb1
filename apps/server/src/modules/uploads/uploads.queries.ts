// SQL of file records. Every query names the partner: ids alone never reach another partner's file.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../db/client';
import { files } from './uploads.schema';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: DbOrTx, row: typeof files.$inferInsert): Promise<FileRow> {
  const [inserted] = await db.insert(files).values(row).returning();
  return inserted!;
}

export async function fileById(db: DbOrTx, partnerId: number, id: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.partnerId, partnerId), eq(files.id, id)));
  return row;
}

/** For downloads by id: the file if it belongs to one of `partnerIds`, or to anyone when null (staff). */
export async function fileByIdAmong(
  db: DbOrTx,
  id: string,
  partnerIds: number[] | null,
): Promise<FileRow | undefined> {
  if (partnerIds !== null && partnerIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), partnerIds === null ? undefined : inArray(files.partnerId, partnerIds)));
  return row;
}

export async function setFileStatus(
  db: DbOrTx,
  partnerId: number,
  id: string,
  patch: Partial<
    Pick<
      FileRow,
      | 'status'
      | 'resultKey'
      | 'errorCode'
      | 'errorMessage'
      | 'result'
      | 'rowsTotal'
      | 'rowsDone'
      | 'errorCount'
      | 'meta'
    >
  >,
): Promise<void> {
  await db
    .update(files)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(files.partnerId, partnerId), eq(files.id, id)));
}

/** Files of one type still waiting or being processed for a partner. */
export async function openCount(db: DbOrTx, partnerId: number, type: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(files)
    .where(
      and(eq(files.partnerId, partnerId), eq(files.type, type), inArray(files.status, ['new', 'executing'])),
    );
  return row?.n ?? 0;
}

export async function listFiles(
  db: DbOrTx,
  partnerId: number,
  f: { type?: string | undefined; status?: string | undefined; limit: number; offset: number },
): Promise<{ rows: FileRow[]; total: number }> {
  const where = and(
    eq(files.partnerId, partnerId),
    f.type ? eq(files.type, f.type) : undefined,
    f.status ? eq(files.status, f.status) : undefined,
  );
  const [rows, [total]] = await concurrently(db, [
    () =>
      db
        .select()
        .from(files)
        .where(where)
        .orderBy(desc(files.createdAt), desc(files.id))
        .limit(f.limit)
        .offset(f.offset),
    () => db.select({ n: count() }).from(files).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
