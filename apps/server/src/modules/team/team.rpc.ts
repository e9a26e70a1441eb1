// Team methods.
import type { HandlerMap } from '../../core/handlers';
import type { TeamService } from './team.service';

export const teamRpc = (team: TeamService) =>
  ({
    'v1.team.list': (ctx) => team.list(ctx),
    'v1.team.invite': (ctx, p) => team.invite(ctx, p),
    'v1.team.cancel-invitation': (ctx, p) => team.cancelInvitation(ctx, p.id),
    'v1.team.change-role': (ctx, p) => team.changeRole(ctx, p.userId, p.role),
    'v1.team.remove': (ctx, p) => team.remove(ctx, p.userId),
    'v1.invitations.check': (ctx, p) => team.check(ctx, p.hash),
    'v1.invitations.accept': (ctx, p) => team.accept(ctx, p),
  }) satisfies HandlerMap;
