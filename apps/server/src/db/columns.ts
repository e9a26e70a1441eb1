// Column helpers shared by db/core.schema.ts and the modules' <area>.schema.ts files, and by the code reading them.
import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamp with time zone, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A timestamp as read through pg (text or Date, by the column's parser) in ISO 8601, as the contracts show it. */
export const iso = (v: Date | string): string => new Date(v).toISOString();
