import 'server-only';
import { hasPermission } from '@/lib/shared/auth/permission';
import {
  batchWywContactByClue,
  batchWywPreview,
  deleteBatchWywJob,
  getBatchWywJob,
  getProgressWywJobId,
  wywCollect,
} from '@/lib/shared/wyw/wyw.contract';
import { defineRoute, apiError } from '@/lib/server/platform';
import * as wyw from './wyw.service';

const member = (auth: { userId: number; tenantId: number }) => ({
  userId: auth.userId,
  tenantId: auth.tenantId,
});

const UNLOCK = 'szjk:enterprise:unlock';

/** 批量导出 and 挖一挖 (spec 7.3, 7.5); the job state also goes over /websocket/wyw/get-batch-wyw-job. */
export const wywRoutes = [
  defineRoute(batchWywPreview, ({ auth, body }) =>
    wyw.previewBatch(member(auth), body.clueIds, hasPermission(auth.permissions, UNLOCK)),
  ),
  defineRoute(batchWywContactByClue, ({ auth, body }) => {
    // Unlocking for the export is unlocking: the same permission as 解锁 on a company page.
    if (body.locked === 'unlock' && !hasPermission(auth.permissions, UNLOCK))
      throw apiError('FORBIDDEN');
    return wyw.startBatch(member(auth), body.clueIds, body.locked);
  }),
  defineRoute(getProgressWywJobId, ({ auth }) =>
    wyw.progressJobId({ userId: auth.userId, tenantId: auth.tenantId }),
  ),
  defineRoute(deleteBatchWywJob, ({ auth, query }) => wyw.stopBatch(member(auth), query.jobId)),
  defineRoute(getBatchWywJob, ({ auth, query }) =>
    wyw.getBatchState({ userId: auth.userId, tenantId: auth.tenantId }, query.jobId),
  ),
  defineRoute(wywCollect, ({ auth, body }) => wyw.collectOne(member(auth), body.entId)),
];
