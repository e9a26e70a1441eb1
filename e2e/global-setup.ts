// Once per e2e run: build the web app if needed, start a loopback SMTP server for the emails, and start
// the real server with demo data on a free port and a temporary data folder; stop both afterwards.
// Access tokens live 10 s here, so the token-refresh flow sees a real expiry without a long wait.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMailServer } from './support/mail';
import { startServer } from './support/server';
import { ensureWebBuild } from '../scripts/web-build';
import { E2E_PLATFORM_TOKEN } from './support/platform';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    accessTokenTtlSec: number;
    /** Where the SMTP server keeps the messages it received (read them with support/mail.ts). */
    mailDir: string;
  }
}

export const E2E_ACCESS_TOKEN_TTL_SEC = 10;

export default async function setup(project: TestProject) {
  ensureWebBuild();
  const mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-e2e-mail-'));
  const mail = await startMailServer(mailDir);
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer((port) => ({
      ACCESS_TOKEN_TTL_SEC: String(E2E_ACCESS_TOKEN_TTL_SEC),
      SMTP_URL: mail.url,
      // Links in the emails lead to the server under test, which also serves the web app.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The marketplace's service credential: support/platform.ts creates and moves orders with it.
      PLATFORM_TOKEN: E2E_PLATFORM_TOKEN,
      // The webhooks flow points an endpoint at a receiver on 127.0.0.1 (the development switch).
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
    }));
  } catch (error) {
    await mail.stop();
    await fs.rm(mailDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', server.url);
  project.provide('accessTokenTtlSec', E2E_ACCESS_TOKEN_TTL_SEC);
  project.provide('mailDir', mailDir);
  return async () => {
    await server.stop();
    await mail.stop();
    await fs.rm(mailDir, { recursive: true, force: true });
  };
}
