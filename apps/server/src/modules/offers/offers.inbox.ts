// The offers' item of the action inbox (issue 28): a version of the cooperation terms waiting for the seller's
// signature, read by the module's own status query. The terms have no deadline; while none are signed the
// cabinet is read-only, which the item shows as overdue.
import type { Db } from '../../db/client';
import type { InboxProvider } from '../../core/inbox';
import * as q from './offers.queries';

export const offersInbox =
  (db: Db): InboxProvider =>
  async ({ partnerId }) => {
    const status = (await q.statusesOf(db, [partnerId]))[0];
    if (!status?.has_pending) return [];
    return [
      {
        kind: 'terms_to_sign',
        count: 1,
        deadline: null,
        overdue: status.restricted,
        link: '/profile/offers',
        limit: null,
      },
    ];
  };
