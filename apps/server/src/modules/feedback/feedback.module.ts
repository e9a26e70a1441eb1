// The feedback module's descriptor: buyers' questions and reviews with the seller's answers under
// moderation, strikes, reply templates, size fit, and the marketplace's v1.platform.* side.
import { defineModule } from '../../core/module';
import { FeedbackService } from './feedback.service';
import { ModerationService } from './moderation.service';
import { TemplatesService } from './templates.service';
import { feedbackRpc } from './feedback.rpc';
import { seedFeedback } from './feedback.demo';
import { feedbackSimulation } from './feedback.simulate';
import { registerFeedbackExports } from './feedback.exports';
import { feedbackInbox } from './feedback.inbox';

export const feedbackModule = defineModule({
  name: 'feedback',
  create: (env) => {
    const feedback = new FeedbackService({ now: env.now });
    return {
      feedback,
      feedbackTemplates: new TemplatesService({ now: env.now, feedback }),
      feedbackModeration: new ModerationService({ now: env.now }),
    };
  },
  rpc: (s) => feedbackRpc(s.feedback, s.feedbackTemplates, s.feedbackModeration),
  start: async (s) => registerFeedbackExports(s.feedback),
  committed: (s, partnerId) => s.feedback.forget(partnerId),
  demo: { whenEmpty: 'questions', load: seedFeedback },
  simulation: feedbackSimulation,
  inbox: (_s, env) => feedbackInbox(env.db),
});
