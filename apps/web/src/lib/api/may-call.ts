// Whether a user's roles let them call a method, read from the method catalogue (so a widget that
// needs a method is shown exactly to those the server will answer).
import { METHODS, type MethodDef, type MethodName, type Role } from '@moda/contracts';

export function mayCall(method: MethodName, roles: readonly Role[]): boolean {
  const allowed: MethodDef['roles'] = METHODS[method].roles;
  return allowed === 'public' || roles.some((r) => allowed.includes(r));
}
