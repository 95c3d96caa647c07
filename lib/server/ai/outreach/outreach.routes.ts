import 'server-only';
import {
  addWeixinOptOut,
  checkFollowWeixin,
  createAddWeixinTask,
  createExportTaskByWeixinTask,
  deleteAddWeixinOptOut,
  getAddWeixinOptOutList,
  getAddWeixinTaskDetail,
  getAddWeixinTaskList,
  getAddWeixinTaskPrice,
  outreachCallback,
  stopAddWeixinTask,
  updateAddWeixinTaskRemindStatus,
  updateAddWeixinTaskTitle,
} from '@/lib/shared/ai/outreach.contract';
import { AI_MESSAGES as M } from '@/lib/shared/ai/ai.constants';
import { SMS_SCENES } from '@/lib/shared/validation/rules';
import { defineRoute } from '@/lib/server/platform';
import { consumeSmsCode } from '@/lib/server/identity';
import {
  createOutreachTask,
  exportOutreachTask,
  followsWeixin,
  listOutreachTasks,
  optOut,
  optOutList,
  outreachDetail,
  removeOptOut,
  price,
  renameOutreachTask,
  setOutreachRemind,
  stopOutreachTask,
} from './outreach.service';
import { handleCallback } from './outreach-callback';

/** Spec 6: without a token, code 200 with the message 请先登录 and empty data. */
function notLoggedIn(): Response {
  return new Response(JSON.stringify({ code: 200, msg: M.notLoggedIn, data: null }), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** Add-contact tasks (spec 7.4, issue 33, ADR 0199). */
export const outreachRoutes = [
  defineRoute(createAddWeixinTask, ({ auth, body }) =>
    // Spec 9: the code of the 60 s dialog (scene 4, verification) confirms the day's first task.
    createOutreachTask(auth, body, (_auth, mobile, code) =>
      consumeSmsCode(mobile, SMS_SCENES.resetPassword, code),
    ),
  ),
  defineRoute(stopAddWeixinTask, ({ auth, body }) => stopOutreachTask(auth, body)),
  defineRoute(getAddWeixinTaskDetail, ({ auth, query }) => outreachDetail(auth, query)),
  defineRoute(getAddWeixinTaskPrice, ({ auth, query }) =>
    auth && auth.tenantId !== null
      ? price({ ...auth, tenantId: auth.tenantId }, query.count)
      : notLoggedIn(),
  ),
  defineRoute(updateAddWeixinTaskTitle, ({ auth, body }) => renameOutreachTask(auth, body)),
  defineRoute(updateAddWeixinTaskRemindStatus, ({ auth, body }) => setOutreachRemind(auth, body)),
  defineRoute(checkFollowWeixin, ({ auth }) => followsWeixin(auth)),
  defineRoute(createExportTaskByWeixinTask, ({ auth, body }) => exportOutreachTask(auth, body)),
  defineRoute(addWeixinOptOut, ({ auth, body }) => optOut(auth, body)),
  defineRoute(getAddWeixinOptOutList, ({ auth, query }) => optOutList(auth, query)),
  defineRoute(deleteAddWeixinOptOut, ({ auth, body }) => removeOptOut(auth, body)),
  defineRoute(getAddWeixinTaskList, ({ auth, query }) => listOutreachTasks(auth, query)),
  defineRoute(outreachCallback, ({ req, body, client }) =>
    handleCallback(req, body, client.ip ?? null),
  ),
];
