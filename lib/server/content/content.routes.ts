import {
  contentImport,
  newsGet,
  newsPage,
  policyCompare,
  policyGet,
  policyPage,
  reportGet,
  researchReportPage,
  subsidyGet,
  subsidyMatch,
} from '@/lib/shared/content/content.contract';
import {
  CONTENT_IMPORT_KIND,
  CONTENT_IMPORT_MAX_BYTES,
} from '@/lib/shared/content/content.constants';
import { defineRoute } from '../api/define-route';
import { ApiError, apiError } from '../api/api-error';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { enqueueJob } from '../jobs/job.service';
import { comparePolicies, getPolicy, searchPolicies } from './policy.service';
import { getSubsidy, matchEnterprisesForSubsidy } from './subsidy.service';
import { getReport, searchReports } from './report.service';
import { getNewsItem, searchNews } from './news.service';

/** Unknown ids answer 404 (访问资源不存在). */
function found<T>(value: T | null): T {
  if (value === null) throw apiError('NOT_FOUND');
  return value;
}

const refuse = (msg: string) => new ApiError(ERRORS.BAD_REQUEST.code, msg);

/** Knowledge content (issue 17): public searches and details, comparison, admin import. */
export const contentRoutes = [
  defineRoute(researchReportPage, ({ query }) => searchReports(query)),
  defineRoute(reportGet, async ({ query }) => found(await getReport(query.id))),
  defineRoute(policyPage, ({ query }) => searchPolicies(query)),
  defineRoute(policyGet, async ({ query }) => found(await getPolicy(query.id))),
  defineRoute(policyCompare, ({ query }) => comparePolicies(query.ids)),
  defineRoute(subsidyGet, async ({ query }) => found(await getSubsidy(query.id))),
  defineRoute(subsidyMatch, async ({ query }) =>
    found(await matchEnterprisesForSubsidy(query.id, query)),
  ),
  defineRoute(newsPage, ({ query }) => searchNews(query)),
  defineRoute(newsGet, async ({ query }) => found(await getNewsItem(query.id))),
  defineRoute(contentImport, async ({ auth, body }) => {
    const file = body.get('file');
    if (!(file instanceof File) || file.size === 0) throw refuse('请选择要导入的文件');
    if (file.size > CONTENT_IMPORT_MAX_BYTES)
      throw refuse('文件超过 5 MB，请拆分或使用命令行导入（npm run import:content）');
    const name = (file.name || 'content.jsonl').slice(0, 200);
    const format = /\.md$/i.test(name)
      ? 'md'
      : /\.(jsonl|ndjson|json)$/i.test(name)
        ? 'jsonl'
        : null;
    if (!format)
      throw refuse('只支持 .jsonl（每行一个 JSON）或 .md（带 front matter 的 Markdown）文件');
    const text = new TextDecoder('utf-8', { fatal: false }).decode(await file.arrayBuffer());
    if (text.includes('\u0000')) throw refuse('文件不是文本文件');
    const job = await enqueueJob(
      { userId: auth.userId, tenantId: auth.tenantId },
      {
        kind: CONTENT_IMPORT_KIND,
        title: `知识内容导入：${name}`,
        params: { fileName: name, format, text },
      },
    );
    return { jobId: job.id };
  }),
];
