// The team module's descriptor: a partner's members and roles, invitations by emailed link (issue 28).
import { defineModule } from '../../core/module';
import { sessionsModule } from '../sessions';
import { TeamService } from './team.service';
import { teamRpc } from './team.rpc';

export const teamModule = defineModule({
  name: 'team',
  create: (env) => ({
    team: new TeamService({
      config: env.config,
      jobs: env.jobs,
      auth: env.use(sessionsModule).auth,
      now: env.now,
    }),
  }),
  rpc: (s) => teamRpc(s.team),
});
