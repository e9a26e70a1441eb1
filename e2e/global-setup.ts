// Once per e2e run: build the web app if needed and start the real server with demo data on a free
// port and a temporary data folder; stop it afterwards. Access tokens live 10 s here, so the
// token-refresh flow sees a real expiry without a long wait.
import type { TestProject } from 'vitest/node';
import { startServer } from './support/server';
import { ensureWebBuild } from './support/web-build';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    accessTokenTtlSec: number;
  }
}

export const E2E_ACCESS_TOKEN_TTL_SEC = 10;

export default async function setup(project: TestProject) {
  ensureWebBuild();
  const server = await startServer({ ACCESS_TOKEN_TTL_SEC: String(E2E_ACCESS_TOKEN_TTL_SEC) });
  project.provide('baseUrl', server.url);
  project.provide('accessTokenTtlSec', E2E_ACCESS_TOKEN_TTL_SEC);
  return async () => {
    await server.stop();
  };
}
