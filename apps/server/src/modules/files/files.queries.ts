// SQL of file records. Every query names the partner: ids alone never reach another partner's file.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from '../../db/schema';

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
  patch: Partial<Pick<FileRow, 'status' | 'resultKey' | 'errorCode' | 'errorMessage'>>,
): Promise<void> {
  await db
    .update(files)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(files.partnerId, partnerId), eq(files.id, id)));
}
