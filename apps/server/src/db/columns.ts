// Column helpers shared by db/core.schema.ts and the modules' <area>.schema.ts files.
import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamp with time zone, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
