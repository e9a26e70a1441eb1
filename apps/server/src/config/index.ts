// The server's configuration: the only place that reads process.env.
// Everything else receives a Config object, so tests build apps with their own settings.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_RATE_LIMITS, type RateClass } from '@moda/contracts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Set: use this PostgreSQL and start none. Unset: start the embedded one in dataDir/pg. */
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportMailbox: string;
  publicUrl: string;
  /** Run pg-boss workers inside the web process (default) or leave them to `npm run worker`. */
  jobsInProcess: boolean;
  seedDemo: boolean;
  logLevel: string;
  /** One log line per request (off by default: the console of `npm start` stays readable). */
  logRequests: boolean;
  trustProxy: boolean;
  /** Build id of the web app; read from the web build's build.json when BUILD_ID is not set. */
  buildId: string | undefined;
  /** The built web app served from the same address (absent before `npm run build -w apps/web`). */
  webDistDir: string;
  rpcBatchLimit: number;
  /** Check every result against its contract (off in production, where the cost is not worth it). */
  validateResults: boolean;
  /** A marketplace system's token (`mps_<uuid>.<secret>`) registered at start for v1.platform.* calls. */
  platformToken: string | undefined;
  loginRate: { perIpPerMinute: number; failuresPerAccountIp: number; failureWindowSec: number };
  /** API tokens' calls per minute by class (issue 27): the published figures unless raised (benchmarks). */
  apiRateLimits: Record<RateClass, number>;
  /** Webhook delivery (issue 27). */
  webhooks: {
    /** Development and tests only: let endpoints use http and loopback or private addresses. */
    allowPrivateTargets: boolean;
    timeoutMs: number;
    /** The first retry's delay; each next one doubles, up to an hour. */
    retryBaseMs: number;
    /** How often a worker looks for deliveries whose retry is due. */
    pollMs: number;
  };
}

const bool = (v: string | undefined, dflt: boolean) =>
  v === undefined ? dflt : ['1', 'true', 'yes'].includes(v.toLowerCase());
const int = (v: string | undefined, dflt: number) =>
  v === undefined || v === '' ? dflt : Number.parseInt(v, 10);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(process.cwd(), 'data'));
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlSec: int(env.ACCESS_TOKEN_TTL_SEC, 15 * 60),
    refreshTokenTtlSec: int(env.REFRESH_TOKEN_TTL_SEC, 30 * 24 * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Moda Seller <no-reply@moda.test>',
    supportMailbox: env.SUPPORT_MAILBOX ?? 'support@moda.test',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    jobsInProcess: bool(env.JOBS_IN_PROCESS, true),
    seedDemo: bool(env.SEED_DEMO, true),
    logLevel: env.LOG_LEVEL ?? 'info',
    logRequests: bool(env.LOG_REQUESTS, false),
    trustProxy: bool(env.TRUST_PROXY, false),
    buildId: env.BUILD_ID || undefined,
    webDistDir: path.resolve(
      env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../../web/dist', import.meta.url)),
    ),
    rpcBatchLimit: int(env.RPC_BATCH_LIMIT, 50),
    validateResults: env.NODE_ENV !== 'production',
    platformToken: env.PLATFORM_TOKEN || undefined,
    loginRate: {
      perIpPerMinute: int(env.LOGIN_RATE_PER_IP_PER_MINUTE, 30),
      failuresPerAccountIp: int(env.LOGIN_FAILURES_PER_ACCOUNT_IP, 5),
      failureWindowSec: int(env.LOGIN_FAILURE_WINDOW_SEC, 15 * 60),
    },
    apiRateLimits: {
      read: int(env.API_RATE_LIMIT_READ, API_RATE_LIMITS.read.perMinute),
      write: int(env.API_RATE_LIMIT_WRITE, API_RATE_LIMITS.write.perMinute),
      files: int(env.API_RATE_LIMIT_FILES, API_RATE_LIMITS.files.perMinute),
    },
    webhooks: {
      allowPrivateTargets: bool(env.WEBHOOKS_ALLOW_PRIVATE_TARGETS, false),
      timeoutMs: int(env.WEBHOOKS_TIMEOUT_MS, 10_000),
      retryBaseMs: int(env.WEBHOOKS_RETRY_BASE_MS, 30_000),
      pollMs: int(env.WEBHOOKS_POLL_MS, 5_000),
    },
    ...overrides,
  };
}

/** Environment readers for tooling outside the server (tests, benchmarks). */
export const testEnv = {
  databaseUrl: () => process.env.DATABASE_URL || undefined,
};

/** Settings of `npm run simulate`: the server to call and the token to call it with. */
export const simulatorEnv = {
  serverUrl: () => process.env.SERVER_URL || process.env.PUBLIC_URL || undefined,
  platformToken: () => process.env.PLATFORM_TOKEN || undefined,
  intervalMs: () => int(process.env.SIMULATE_INTERVAL_MS, 4000),
};
