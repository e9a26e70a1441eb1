import type { Db } from '../../db/client';
export async function seedFbo(_db: Db): Promise<void> {}
