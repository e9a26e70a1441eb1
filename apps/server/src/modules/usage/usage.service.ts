// Usage events from the web (spec 001 §7 "Usage logging"), stored as they come, bounded in size.
import { USAGE_LIMITS, type UsageBatch } from '@moda/contracts';
import type { Db } from '../../db/client';
import { usageEvents } from './usage.schema';

export class UsageService {
  constructor(private readonly db: Db) {}

  async store(batch: UsageBatch, meta: { userAgent: string | undefined; ip: string }): Promise<number> {
    const rows = batch.map(({ id, event }) => {
      const params =
        event.params && JSON.stringify(event.params).length <= USAGE_LIMITS.maxParamsBytes
          ? event.params
          : null;
      return {
        clientId: id,
        lid: event.lid,
        userId: event.user_id,
        name: event.name,
        action: event.action,
        url: event.url,
        payload: { ...event, params },
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
        ip: meta.ip,
      };
    });
    await this.db.insert(usageEvents).values(rows);
    return rows.length;
  }
}
