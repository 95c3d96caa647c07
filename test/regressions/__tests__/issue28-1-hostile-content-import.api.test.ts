import { getPool } from '@/lib/server/platform/db';
import { contentImport } from '@/lib/shared/content/content.contract';
import { contentImportJob } from '@/lib/server/content/import/content-import.job';
import { callApi, createTestUser } from '@/test/helpers/api';
import { startTestJobRunner } from '@/test/helpers/job-runner';
import { withLoopProbe } from '../event-loop-probe';

/**
 * Issue 28 item 1, the other upload parsed on the server: the content import (JSON lines, one
 * item per line). Within today's field limits (2,000,000 characters of Markdown) one item took
 * marked and sanitize-html 5–10 s on the server's thread; rendered in a worker process, the loop
 * stays free (< 1 s) while the job runs, and the items are imported as before.
 */

jest.setTimeout(180_000);

// marked ships as ESM only, which jest (CommonJS) cannot load: in this process a tiny renderer
// stands in, as in content.api.test.ts. The worker process renders with the real marked.
jest.mock('marked', () => ({
  marked: {
    parse: (md: string) =>
      md
        .split(/\n{2,}/)
        .map((b) =>
          b.startsWith('## ')
            ? `<h2>${b.slice(3)}</h2>`
            : `<p>${b.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')}</p>`,
        )
        .join(''),
  },
}));

async function finishedJob(jobId: number, ms: number) {
  for (const end = Date.now() + ms; Date.now() < end;) {
    const { rows } = await getPool().query<{
      status: string;
      result: Record<string, unknown> | null;
    }>('select status, result from background_jobs where id = $1', [jobId]);
    if (rows[0] && ['succeeded', 'failed'].includes(rows[0].status)) return rows[0];
    await new Promise((res) => setTimeout(res, 200));
  }
  return null;
}

it('renders and cleans a 2,000,000-character Markdown item off the server thread', async () => {
  const tag = `${process.pid}-${Date.now() % 100_000}`;
  const prose =
    '## 标题\n\n这是一段**政策**解读，包含[链接](https://example.com)和列表：\n\n- 一\n- 二\n\n';
  const markdown = prose.repeat(Math.ceil(2_000_000 / prose.length)).slice(0, 2_000_000);
  const item = (i: number) =>
    JSON.stringify({
      type: 'news',
      sourceId: `regression:hostile-content:${tag}:${i}`,
      title: `长正文 ${i}`,
      source: '测试来源',
      category: '投融资',
      publishDate: '2026-10-02',
      markdown,
    });
  const admin = await createTestUser({ roleCodes: ['super_admin'], noTenant: true });
  const runner = await startTestJobRunner([contentImportJob]);
  try {
    const { value: job, lagMs } = await withLoopProbe(async () => {
      const form = new FormData();
      form.set('file', new File([`${item(1)}\n${item(2)}\n`], 'long.jsonl'));
      const r = await callApi<{ jobId: number }>('POST', contentImport.path, {
        form,
        token: admin.accessToken,
      });
      expect(r.code === 200 ? 200 : r.msg).toBe(200);
      return finishedJob(r.data.jobId, 150_000);
    });
    expect(job?.status).toBe('succeeded');
    expect(job?.result).toMatchObject({ total: 2, rejectedCount: 0 });
    const { rows } = await getPool().query<{ n: number; len: number }>(
      `select count(*)::int n, min(length(body_html))::int len from content_news
        where source_id like $1`,
      [`regression:hostile-content:${tag}:%`],
    );
    expect(rows[0].n).toBe(2);
    expect(rows[0].len).toBeGreaterThan(1_000_000);
    expect(lagMs).toBeLessThan(1000);
  } finally {
    await runner.stop();
  }
});
