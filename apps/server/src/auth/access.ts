// The area check after role and partner: an API token only within its partner and scopes (issue 27), a team
// member only within their role's grants in that partner (issue 28). Both read the one table in contracts.
import {
  ACCESS_AREA_LABELS,
  API_SCOPE_AREAS,
  ERRORS,
  TEAM_ROLE_GRANTS,
  TEAM_ROLE_LABELS,
  fill,
  scopeLabel,
  accessNeeded,
  grantCovers,
  type MethodDef,
} from '@moda/contracts';
import { AppError } from '../core/errors';
import type { Principal } from './principals';

export function checkAccess(
  def: Pick<MethodDef, 'name' | 'mutates'>,
  principal: Principal,
  partnerId: number | null,
): void {
  const need = accessNeeded(def);
  const token = principal.apiToken;
  if (token) {
    // A program reaches only its partner's business areas, never the account, team or token management.
    const scopable = need !== null && (API_SCOPE_AREAS as readonly string[]).includes(need.area);
    if (!scopable) {
      throw new AppError('apiToken.notForTokens', {
        message: fill(ERRORS['apiToken.notForTokens'].message, { method: def.name }),
        data: { missingScope: need ? `${need.area}:${need.level}` : def.name },
      });
    }
    if (!grantCovers(token.scopes[need.area as keyof typeof token.scopes], need.level)) {
      // The caller reads which scope to ask the seller for.
      throw new AppError('apiToken.missingScope', {
        message: fill(ERRORS['apiToken.missingScope'].message, { scope: scopeLabel(need.area, need.level) }),
        data: { missingScope: `${need.area}:${need.level}` },
      });
    }
    if (partnerId !== null && partnerId !== token.partnerId) throw new AppError('partner.notFound');
  }
  if (partnerId !== null && need) {
    const role = principal.partnerRoles?.[partnerId];
    if (role && !grantCovers(TEAM_ROLE_GRANTS[role][need.area], need.level)) {
      throw new AppError('team.roleForbids', {
        message: fill(ERRORS['team.roleForbids'].message, {
          role: TEAM_ROLE_LABELS[role],
          action: need.level === 'write' ? 'вносить изменения' : 'просматривать данные',
          area: ACCESS_AREA_LABELS[need.area],
        }),
        data: { area: need.area, level: need.level, role },
      });
    }
  }
}
