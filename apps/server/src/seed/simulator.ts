// The simulator's service credential, whose token `npm run simulate` reads from the data folder.
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serviceCredentials } from '../db/core.schema';
import { issueServiceCredential, revokeServiceCredential } from '../auth/service-credentials';

export const PLATFORM_TOKEN_FILE = 'platform-token';
export const SIMULATOR_CREDENTIAL = 'simulator';

/**
 * Makes sure the demo's simulator can call v1.platform.*: a 'simulator' credential whose token is in
 * `<dataDir>/platform-token` (mode 0600). A lost file means a new credential (the old one is revoked).
 */
export async function seedSimulatorCredential(db: Db, dataDir: string): Promise<boolean> {
  const file = path.join(dataDir, PLATFORM_TOKEN_FILE);
  const existing = await db
    .select({ id: serviceCredentials.id })
    .from(serviceCredentials)
    .where(eq(serviceCredentials.name, SIMULATOR_CREDENTIAL));
  const present = await fs.readFile(file, 'utf8').then(
    (s) => s.trim(),
    () => '',
  );
  if (present && existing.some((c) => present.startsWith(`mps_${c.id}.`))) return false;
  for (const c of existing) await revokeServiceCredential(db, c.id);
  const { token } = await issueServiceCredential(db, SIMULATOR_CREDENTIAL);
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, `${token}\n`, { mode: 0o600 });
  await fs.chmod(file, 0o600);
  return true;
}
