import { defineConfig } from 'drizzle-kit';

// Each module keeps its tables beside its code; drizzle-kit reads them all to generate one migration history.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/server/src/db/core.schema.ts', './apps/server/src/modules/*/*.schema.ts'],
  out: './apps/server/src/db/migrations',
});
