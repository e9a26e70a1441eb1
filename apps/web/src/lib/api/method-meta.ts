// What the web needs of each JSON-RPC method at run time: who may call it (public methods go without a token,
// the home page shows a widget exactly to those the server will answer) and which parameters must be present
// before a call goes out. Read here from the contracts' METHODS; the production build replaces this module
// with the same table as plain data (vite.config.ts, methodMetaPlugin), so the entry does not carry every
// area's zod schemas.
import { METHODS, type MethodDef, type MethodName } from '@moda/contracts';
import { paramsRuleOf, type ParamsRule } from '@moda/client/core';

export interface MethodMeta {
  roles: MethodDef['roles'];
  params: ParamsRule;
}

export const METHOD_META: Record<MethodName, MethodMeta> = Object.fromEntries(
  Object.entries(METHODS).map(([name, def]) => [
    name,
    { roles: def.roles, params: paramsRuleOf(def.params) },
  ]),
) as Record<MethodName, MethodMeta>;
