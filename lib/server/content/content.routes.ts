import 'server-only';
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
  CONTENT_IMPORT_MARKDOWN_MAX_BYTES,
  CONTENT_IMPORT_MAX_BYTES,
} from '@/lib/shared/content/content.constants';
import { defineRoute, ApiError, apiError, audit, enqueueJob } from '@/lib/server/platform';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { comparePolicies, getPolicy, searchPolicies } from './policy.service';
import { getSubsidy, matchEnterprisesForSubsidy } from './subsidy.service';
import { getReport, searchReports } from './report.service';
import { getNewsItem, searchNews } from './news.service';
import { removeContentUpload, saveContentUpload } from './import/upload-file';

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

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
  defineRoute(contentImport, async ({ auth, body, client }) => {
    const file = body.get('file');
    if (!(file instanceof File) || file.size === 0) throw refuse('请选择要导入的文件');
    if (file.size > CONTENT_IMPORT_MAX_BYTES)
      throw refuse(
        `文件超过 ${mb(CONTENT_IMPORT_MAX_BYTES)}，请拆分或使用命令行导入（npm run import:content）`,
      );
    const name = (file.name || 'content.jsonl').slice(0, 200);
    const format = /\.md$/i.test(name)
      ? 'md'
      : /\.(jsonl|ndjson|json)$/i.test(name)
        ? 'jsonl'
        : null;
    if (!format)
      throw refuse('只支持 .jsonl（每行一个 JSON）或 .md（带 front matter 的 Markdown）文件');
    if (format === 'md' && file.size > CONTENT_IMPORT_MARKDOWN_MAX_BYTES)
      throw refuse(`单个 Markdown 文件不能超过 ${mb(CONTENT_IMPORT_MARKDOWN_MAX_BYTES)}`);
    // A text file has no NUL byte; its first 64 KB tell.
    const head = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
    if (head.includes(0)) throw refuse('文件不是文本文件');
    // Stored as a file, read line by line by the job: the job row keeps only its name.
    const upload = await saveContentUpload(file, format);
    try {
      const job = await enqueueJob(
        { userId: auth.userId, tenantId: auth.tenantId },
        {
          kind: CONTENT_IMPORT_KIND,
          title: `知识内容导入：${name}`,
          params: { fileName: name, format, upload },
        },
      );
      await audit('content_import', {
        tenantId: auth.tenantId,
        userId: auth.userId,
        target: String(job.id),
        detail: { fileName: name, bytes: file.size, format },
        client,
      });
      return { jobId: job.id };
    } catch (err) {
      await removeContentUpload(upload);
      throw err;
    }
  }),
];
