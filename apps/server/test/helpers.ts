// Test harness (fastify/demo's build(t)): a fresh database cloned from the template, the real app over
// it, and helpers to call it exactly as clients do — JSON-RPC bodies through app.inject.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { RpcErrorObject } from '@moda/contracts';
import { loadConfig, type Config } from '../src/config';
import { createPool } from '../src/db/client';
import { openRuntime, type Runtime } from '../src/runtime';
import type { Heartbeat } from '../src/jobs/jobs';
import { buildApp, type BuiltApp } from '../src/app';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { databaseUrl } from './db-url';

export interface TestApp extends BuiltApp {
  runtime: Runtime;
  config: Config;
  /** One JSON-RPC call; returns the whole reply object. */
  rpc(method: string, params?: unknown, token?: string, opts?: { ip?: string }): Promise<RpcReply>;
  /** Raw POST /jsonrpc with any body. */
  post(body: unknown, token?: string): Promise<{ status: number; body: string; json: unknown }>;
  login(
    username: string,
    password?: string,
    ip?: string,
  ): Promise<{ accessToken: string; refreshToken: string }>;
  sql<T extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

// Tests read results as a caller would, field by field; the server checks them against the contracts.
export type RpcReply = { jsonrpc: '2.0'; id: unknown; result?: any; error?: RpcErrorObject };

export async function createTestApp(
  opts: { config?: Partial<Config>; workers?: boolean; now?: () => Date; jobHeartbeat?: Heartbeat } = {},
): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `t_${process.pid}_${randomBytes(5).toString('hex')}`;
  const admin = createPool(adminUrl, 1);
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      break;
    } catch (err) {
      // Two files cloning the template at the same instant: PostgreSQL refuses one; try again.
      if (attempt > 60 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-app-'));
  const config = loadConfig(
    {},
    {
      databaseUrl: databaseUrl(adminUrl, name),
      dataDir,
      seedDemo: false,
      buildId: 'test-build',
      ...opts.config,
    },
  );
  const runtime = await openRuntime(config, () => {}, {
    workers: opts.workers ?? false,
    prepare: false,
    jobPollingSeconds: 0.5,
    ...(opts.jobHeartbeat ? { jobHeartbeat: opts.jobHeartbeat } : {}),
  });
  const built = await buildApp(config, runtime, { logger: false, ...(opts.now ? { now: opts.now } : {}) });
  await built.app.ready();
  let seq = 0;

  const t: TestApp = {
    ...built,
    runtime,
    config,
    async rpc(method, params, token, o) {
      const res = await built.app.inject({
        method: 'POST',
        url: '/jsonrpc',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: JSON.stringify({
          jsonrpc: '2.0',
          id: ++seq,
          method,
          ...(params === undefined ? {} : { params }),
        }),
        ...(o?.ip ? { remoteAddress: o.ip } : {}),
      });
      return res.json<RpcReply>();
    },
    async post(body, token) {
      const res = await built.app.inject({
        method: 'POST',
        url: '/jsonrpc',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      let json: unknown;
      try {
        json = res.body ? JSON.parse(res.body) : undefined;
      } catch {
        json = undefined;
      }
      return { status: res.statusCode, body: res.body, json };
    },
    async login(username, password = DEMO_PASSWORD, ip) {
      const reply = await t.rpc(
        'v1.tokens.create',
        { username, password },
        undefined,
        ip ? { ip } : undefined,
      );
      if (!reply.result) throw new Error(`login ${username} failed: ${JSON.stringify(reply.error)}`);
      return reply.result;
    },
    async sql(text, values) {
      return (await runtime.pool.query(text, values)).rows;
    },
    async close() {
      await built.app.close();
      await runtime.stop();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}
