// Whether a user's roles let them call a method, read from the method catalogue (so a widget that
// needs a method is shown exactly to those the server will answer).
import type { MethodDef, MethodName, Role } from '@moda/contracts';
import { METHOD_META } from './method-meta';

export function mayCall(method: MethodName, roles: readonly Role[]): boolean {
  const allowed: MethodDef['roles'] = METHOD_META[method].roles;
  return allowed === 'public' || roles.some((r) => allowed.includes(r));
}
