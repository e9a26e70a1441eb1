// Which partner ids exist, for internal roles that may act for any partner. Partners are never
// deleted, so a positive answer is cached for the life of the process.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export class PartnerDirectory {
  private readonly known = new Set<number>();
  constructor(private readonly db: Db) {}

  async exists(partnerId: number): Promise<boolean> {
    if (this.known.has(partnerId)) return true;
    const res = await this.db.execute(sql`select 1 from partners where id = ${partnerId}`);
    if (res.rows.length > 0) this.known.add(partnerId);
    return res.rows.length > 0;
  }
}
