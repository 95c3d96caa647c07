import {
  batchWywContactByClue,
  deleteBatchWywJob,
  getBatchWywJob,
  getProgressWywJobId,
  wywCollect,
} from '@/lib/shared/wyw/wyw.contract';
import { defineRoute } from '@/lib/server/platform';
import * as wyw from './wyw.service';

const member = (auth: { userId: number; tenantId: number }) => ({
  userId: auth.userId,
  tenantId: auth.tenantId,
});

/** 批量导出 and 挖一挖 (spec 7.3, 7.5); the job state also goes over /websocket/wyw/get-batch-wyw-job. */
export const wywRoutes = [
  defineRoute(batchWywContactByClue, ({ auth, body }) =>
    wyw.startBatch(member(auth), body.clueIds),
  ),
  defineRoute(getProgressWywJobId, ({ auth }) =>
    wyw.progressJobId({ userId: auth.userId, tenantId: auth.tenantId }),
  ),
  defineRoute(deleteBatchWywJob, ({ auth, query }) => wyw.stopBatch(member(auth), query.jobId)),
  defineRoute(getBatchWywJob, ({ auth, query }) =>
    wyw.getBatchState({ userId: auth.userId, tenantId: auth.tenantId }, query.jobId),
  ),
  defineRoute(wywCollect, ({ auth, body }) => wyw.collectOne(member(auth), body.entId)),
];
