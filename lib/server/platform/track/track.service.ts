import 'server-only';
import { auditLogs, feedbacks } from '@/db/schema';
import type { Feedback, TrackEvent } from '@/lib/shared/track/track.contract';
import { apiError } from '../http/api-error';
import type { ClientInfo } from '../http/client-info';
import { getDb } from '../db';
import { hitRateLimit } from '../rate-limit/rate-limit.service';

type Caller = { tenantId: number | null; userId: number } | null;

/** Stores a page or action event in the audit log; anonymous callers too, limited per IP. */
export async function recordTrackEvent(
  event: TrackEvent,
  caller: Caller,
  client: ClientInfo,
): Promise<void> {
  const limit = await hitRateLimit(`track:ip:${client.ip}`, 600, 60_000);
  if (!limit.allowed) throw apiError('TOO_MANY_REQUESTS');
  // Oversized details are dropped rather than stored: the event itself still counts.
  const detail = event.detail && JSON.stringify(event.detail).length <= 4000 ? event.detail : null;
  await getDb()
    .insert(auditLogs)
    .values({
      action: `track:${event.event ?? event.type ?? 'event'}`,
      tenantId: caller?.tenantId ?? null,
      userId: caller?.userId ?? null,
      target: event.target ?? event.path ?? null,
      detail,
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 500),
    });
}

/** Stores a feedback message; its id. */
export async function createFeedbackEntry(
  feedback: Feedback,
  caller: Caller,
  client: ClientInfo,
): Promise<number> {
  const limit = await hitRateLimit(`feedback:ip:${client.ip}`, 20, 3600_000);
  if (!limit.allowed) throw apiError('TOO_MANY_REQUESTS');
  const [row] = await getDb()
    .insert(feedbacks)
    .values({
      tenantId: caller?.tenantId ?? null,
      userId: caller?.userId ?? null,
      type: feedback.type ?? null,
      content: feedback.content,
      contact: feedback.contact ?? null,
      pagePath: feedback.pagePath ?? null,
    })
    .returning({ id: feedbacks.id });
  return row.id;
}
