// Starts the real server (embedded PostgreSQL, demo data) on a free port with a throw-away data
// folder, for browser tests and the benchmark, and stops it again.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, WEB_DIST } from '../../scripts/web-build';

/** Where the server's sources are: this repository unless MODA_SERVER_ROOT names another checkout. */
const SERVER_ROOT = process.env.MODA_SERVER_ROOT ?? REPO_ROOT;

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Extra environment for the server; a function receives the port (for PUBLIC_URL and the like). */
export type ServerEnv = Record<string, string> | ((port: number) => Record<string, string>);

export async function startServer(env: ServerEnv = {}, timeoutMs = 120_000): Promise<RunningServer> {
  const port = await freePort();
  const extraEnv = typeof env === 'function' ? env(port) : env;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-e2e-'));
  // The embedded PostgreSQL runs as its own user when started by root: it must reach the folder.
  await fs.chmod(dataDir, 0o755);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: WEB_DIST,
      LOG_LEVEL: 'warn',
      // Browser tests log in far more often than a person would.
      LOGIN_RATE_PER_IP_PER_MINUTE: '1000',
      LOGIN_FAILURES_PER_ACCOUNT_IP: '1000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready in')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`)),
    );
    setTimeout(
      () => reject(new Error(`server not ready after ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    ).unref();
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 25_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };

  try {
    await ready;
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, port, dataDir, stop };
}
