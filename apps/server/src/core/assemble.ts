// Builds a list of module descriptors into one set of services, RPC handlers, REST routes and job workers.
// The web process and `npm run worker` both assemble the same list; only what they serve differs.
import type { HandlerMap } from './handlers';
import { InboxRegistry } from './inbox';
import type { ModuleDescriptor, ModuleEnv } from './module';
import type { RestRoute } from './rest';
import type { JobWorker } from '../jobs/jobs';

export interface Assembled<S> {
  services: S;
  handlers: HandlerMap;
  routes: RestRoute[];
  workers: JobWorker[];
  /** Tell every module that a mutating call for a partner committed in this process. */
  committed(partnerId: number): void;
}

export async function assemble<S>(
  list: readonly ModuleDescriptor[],
  base: Omit<ModuleEnv, 'use' | 'inbox'>,
): Promise<Assembled<S>> {
  const built = new Map<ModuleDescriptor, object>();
  const inbox = new InboxRegistry();
  const env: ModuleEnv = {
    ...base,
    inbox,
    use<P extends object>(module: ModuleDescriptor<P>): P {
      const services = built.get(module);
      if (!services) throw new Error(`Module ${module.name} is used before it is built: list it earlier`);
      return services as P;
    },
  };
  const handlers: Record<string, unknown> = {};
  const routes: RestRoute[] = [];
  const workers: JobWorker[] = [];
  const services: Record<string, unknown> = {};
  for (const m of list) {
    const own = await m.create(env);
    built.set(m, own);
    for (const [name, service] of Object.entries(own)) {
      if (name in services) throw new Error(`Service ${name} of module ${m.name} is provided twice`);
      services[name] = service;
    }
  }
  for (const m of list) {
    const own = built.get(m)!;
    for (const [method, handler] of Object.entries(m.rpc?.(own, env) ?? {})) {
      if (method in handlers) throw new Error(`Method ${method} is answered by two modules`);
      handlers[method] = handler;
    }
    routes.push(...(m.rest?.(own, env) ?? []));
    workers.push(...(m.jobs?.(own, env) ?? []));
    if (m.inbox) inbox.add(m.name, m.inbox(own, env));
  }
  for (const m of list) await m.start?.(built.get(m)!);
  return {
    services: services as S,
    handlers: handlers,
    routes,
    workers,
    committed: (partnerId) => {
      for (const m of list) m.committed?.(built.get(m)!, partnerId);
    },
  };
}
