import 'server-only';
import { createFeedback, logTrackEvent } from '@/lib/shared/track/track.contract';
import { defineRoute } from '../http/define-route';
import { createFeedbackEntry, recordTrackEvent } from './track.service';

export const trackRoutes = [
  defineRoute(logTrackEvent, async ({ body, auth, client }) => {
    await recordTrackEvent(body, auth, client);
    return true;
  }),
  defineRoute(createFeedback, ({ body, auth, client }) => createFeedbackEntry(body, auth, client)),
];
