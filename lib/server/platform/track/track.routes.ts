import 'server-only';
import { createFeedback, logTrackEvent } from '@/lib/shared/track/track.contract';
import { getAuditActions, getAuditLogPage } from '@/lib/shared/console/console.contract';
import { defineRoute } from '../http/define-route';
import { createFeedbackEntry, recordTrackEvent } from './track.service';
import { auditActions, auditLogPage } from './audit-log.service';

export const trackRoutes = [
  defineRoute(logTrackEvent, async ({ body, auth, client }) => {
    await recordTrackEvent(body, auth, client);
    return true;
  }),
  defineRoute(createFeedback, ({ body, auth, client }) => createFeedbackEntry(body, auth, client)),
  // The operator's audit log (issue 29 item 5).
  defineRoute(getAuditLogPage, ({ query }) => auditLogPage(query)),
  defineRoute(getAuditActions, () => auditActions()),
];
