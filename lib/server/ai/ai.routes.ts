import 'server-only';
import {
  createAiTask,
  createClueExportTask,
  createExportTask,
  deleteAiMessage,
  deleteAiTask,
  getAiTaskList,
  getAllQueryCategory,
  getDefaultQueryByKeyword,
  getEntDetailList,
  getKeywordAnalyze,
  getMessageDetail,
  getRecommendCustomerPortrait,
  getRecommendDefaultQuery,
  getRecommendQuery,
  getReplyContent,
  getTaskMessageList,
  messageEntPage,
  messageStream,
  messageToCrm,
  sendMessage,
  updateCustomerTitle,
  updateTaskName,
} from '@/lib/shared/ai/ai.contract';
import { AI_ENT_PAGE_SIZE, AI_MESSAGES as M } from '@/lib/shared/ai/ai.constants';
import { defineRoute, type TenantAuthContext } from '@/lib/server/platform';
import * as store from './ai-store';
import { sendMessage as send } from './ai-send.service';
import {
  keywordAnalyze,
  messageDetail,
  messageStreamResponse,
  replyPage,
} from './ai-message.service';
import {
  allCategories,
  customerPortrait,
  defaultQueries,
  queriesForKeyword,
  queriesOfType,
} from './ai-recommend';
import { replyToCrm, startReplyClueTask, startReplyExport } from './ai-jobs';
import { replyContentText, normaliseQuery } from './ai-reply';
import { chipsOf, understandWithParser } from './ai-understanding';
import { hasSearchable } from './ai-search';
import { outreachRoutes } from './outreach/outreach.routes';
import { recommendRoutes } from './recommend/recommend.routes';
import { skillRoutes } from './skills/skill.routes';

const owner = (auth: TenantAuthContext): store.AiOwner => ({
  tenantId: auth.tenantId,
  userId: auth.userId,
});

/** Spec 6: without a token, code 200 with the message 请先登录 and empty data. */
function notLoggedIn(): Response {
  return new Response(JSON.stringify({ code: 200, msg: M.notLoggedIn, data: [] }), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** The AI assistant (spec 7.4, issue 16; ADR 0130), with its add-contact tasks (issue 33, ADR 0199). */
export const aiRoutes = [
  defineRoute(createAiTask, ({ auth, body }) => store.createTask(owner(auth), body.taskName)),
  defineRoute(getRecommendDefaultQuery, () => defaultQueries()),
  defineRoute(getAiTaskList, ({ auth }) => store.listTasks(owner(auth))),
  defineRoute(getEntDetailList, ({ auth, client, body }) =>
    replyPage(auth, client, body, {
      pageNo: body.pageNo,
      pageSize: body.pageSize,
      sort: body.sort,
    }),
  ),
  defineRoute(getMessageDetail, ({ auth, client, query }) => messageDetail(auth, client, query)),
  defineRoute(getRecommendCustomerPortrait, ({ auth }) => customerPortrait(owner(auth))),
  defineRoute(messageEntPage, ({ auth, client, query }) =>
    replyPage(auth, client, query, { pageNo: query.pageNo, pageSize: AI_ENT_PAGE_SIZE }),
  ),
  defineRoute(getAllQueryCategory, ({ auth }) => (auth ? allCategories() : notLoggedIn())),
  defineRoute(getKeywordAnalyze, ({ auth, client, query }) =>
    keywordAnalyze(auth, client, query.messageId),
  ),
  defineRoute(createClueExportTask, ({ auth, body }) => startReplyClueTask(auth, body)),
  defineRoute(createExportTask, ({ auth, body }) => startReplyExport(auth, body)),
  defineRoute(getRecommendQuery, ({ query }) =>
    query.type === 'keyword'
      ? queriesForKeyword(query.keyword ?? '')
      : query.type === 'type'
        ? queriesOfType(query.category)
        : defaultQueries(),
  ),
  defineRoute(getReplyContent, ({ query }) => {
    const { query: text } = normaliseQuery(query.query);
    const understood = understandWithParser(text);
    const recognized = hasSearchable(understood.condition, understood.keyword);
    const labels = chipsOf(understood.condition, understood.keyword).map((c) => c.label);
    return { replyContent: replyContentText(text, recognized, labels), query: text, recognized };
  }),
  defineRoute(getTaskMessageList, ({ auth, query }) =>
    store.listMessages(owner(auth), query.taskId),
  ),
  defineRoute(deleteAiTask, ({ auth, query }) => store.deleteTask(owner(auth), query.taskId)),
  defineRoute(deleteAiMessage, ({ auth, query }) =>
    store.deleteMessage(owner(auth), query.messageId),
  ),
  defineRoute(updateTaskName, ({ auth, body }) =>
    store.renameTask(owner(auth), body.taskId, body.taskName),
  ),
  defineRoute(sendMessage, ({ auth, client, body }) => send(auth, client, body)),
  defineRoute(getDefaultQueryByKeyword, ({ query }) => queriesForKeyword(query.keyword)),
  defineRoute(updateCustomerTitle, ({ auth, body }) =>
    store.setMessageTitle(owner(auth), body.taskId, body.messageId, body.title),
  ),
  defineRoute(messageStream, ({ auth, query }) => messageStreamResponse(auth, query)),
  defineRoute(messageToCrm, ({ auth, body }) => replyToCrm(auth, body)),
  ...outreachRoutes,
  ...recommendRoutes,
  ...skillRoutes,
];
