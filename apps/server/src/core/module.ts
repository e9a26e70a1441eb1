// What a module is to the rest of the server: one descriptor that says how to build its services, which
// methods of the contract it answers, its REST routes, its background jobs, its demo data and its simulation.
// app.ts and worker.ts loop over the list of descriptors in modules.ts.
import type pg from 'pg';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { DbNotifications } from '../db/notifications';
import type { FileStorage } from '../files/storage';
import type { Jobs, JobWorker } from '../jobs/jobs';
import type { PrincipalStore } from '../auth/principals';
import type { RateLimiter } from '../auth/rate-limit';
import type { TokenSigner } from '../auth/tokens';
import type { HandlerMap } from './handlers';
import type { InboxProvider, InboxRegistry } from './inbox';
import type { RestRoute } from './rest';

/** What every module may be built with: the process's shared pieces and the services built before it. */
export interface ModuleEnv {
  config: Config;
  db: Db;
  pool: pg.Pool;
  storage: FileStorage;
  jobs: Jobs;
  notifications: DbNotifications;
  signer: TokenSigner;
  limiter: RateLimiter;
  principals: PrincipalStore;
  now: () => Date;
  log: (obj: object, msg: string) => void;
  /** The action inbox's providers, contributed by the descriptors' `inbox` (filled once every module is built). */
  inbox: InboxRegistry;
  /** Another module's services. Modules are built in the list's order: a module uses only those before it. */
  use<P extends object>(module: ModuleDescriptor<P>): P;
}

export interface ModuleDescriptor<P extends object = object> {
  /** The module's folder name. */
  name: string;
  /** The module's services by name (`{ orders, platformOrders }`); they join the app's `services`. */
  create(env: ModuleEnv): P | Promise<P>;
  /** The contract methods this module answers. */
  rpc?(services: P, env: ModuleEnv): HandlerMap;
  /** Routes where bytes move (downloads, uploads, PDFs), described without the transport. */
  rest?(services: P, env: ModuleEnv): RestRoute[];
  /** Background jobs this module runs. */
  jobs?(services: P, env: ModuleEnv): JobWorker[];
  /** A mutating call for a partner committed in this process: drop what the module caches about it. */
  committed?(services: P, partnerId: number): void;
  /**
   * What needs the seller now in this area, for the home page's action inbox (issue 28): the module's own
   * indexed counts or kept counters, one small query each (`<area>.inbox.ts`).
   */
  inbox?(services: P, env: ModuleEnv): InboxProvider;
  /** Work once every module is built (a module whose start needs the others'). */
  start?(services: P): Promise<void>;
  /**
   * The area's demo data for `npm start`: loaded after the demo partners and users, in the list's order, when
   * the area's table `whenEmpty` has no rows (so a data folder made before the area existed gets it too).
   * `storage` is the app's file storage, for demo uploads whose originals a seller can download.
   */
  demo?: { whenEmpty: string; load(db: Db, storage?: FileStorage): Promise<void> };
  /** The marketplace's side of the area in `npm run simulate`: set up once, then one step every few seconds. */
  simulation?(platform: PlatformCaller): Promise<{ step(): Promise<void> }>;
}

/** How a simulation calls the platform API (v1.platform.*) with the simulator's service credential. */
export interface PlatformCaller {
  /** The demo partners the simulation acts on. */
  partners: readonly number[];
  call: <T>(method: string, params: unknown) => Promise<{ result?: T; error?: PlatformCallError }>;
  log: (msg: string) => void;
}
export interface PlatformCallError {
  code: number;
  message: string;
  data?: { reason?: string; errors?: { field: string; message: string }[] };
}

/** Declares a descriptor with its services' type inferred. */
export const defineModule = <P extends object>(d: ModuleDescriptor<P>): ModuleDescriptor<P> => d;

/** The services of a list of descriptors, merged into one record. */
export type ServicesOf<M extends readonly ModuleDescriptor[]> = UnionToIntersection<ProvidedBy<M[number]>>;
type ProvidedBy<D> = D extends ModuleDescriptor<infer P> ? P : never;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
