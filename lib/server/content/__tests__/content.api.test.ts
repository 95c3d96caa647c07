import fs from 'node:fs';
import path from 'node:path';
import { getPool } from '@/lib/server/platform/db';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  contentImport,
  newsGet,
  newsPage,
  policyCompare,
  policyGet,
  policyPage,
  policySearchQuerySchema,
  reportGet,
  researchReportPage,
  subsidyGet,
  subsidyMatch,
  newsSearchQuerySchema,
} from '@/lib/shared/content/content.contract';
import { seedDemoContent } from '@/db/seed/content-demo';
import { callApi, callContract, createTestUser } from '@/test/helpers/api';
import { startTestJobRunner } from '@/test/helpers/job-runner';
import { importItems, readJsonLines, readMarkdownFile } from '../import/import.service';
import { contentImportJob } from '../import/content-import.job';
import { contentImportDir } from '../import/upload-file';
import { Params } from '../content-sql';
import { contentSitemapFiles, contentSitemapXml } from '../content-sitemap';
import { getHealthTopic, listHealthTopics } from '../topic.service';
import { policySearchSpec, searchPolicies } from '../policy.service';
import { runContentSearch, walkRelevance } from '../content-search';
import { searchNews } from '../news.service';

// marked ships as ESM only; the importer's Markdown step is stood in for by a tiny renderer here
// (its output is sanitised like any HTML, which is what these tests check).
jest.mock('marked', () => ({
  marked: {
    parse: (md: string) =>
      md
        .split(/\n{2,}/)
        .map((b) =>
          b.startsWith('## ')
            ? `<h2>${b.slice(3)}</h2>`
            : `<p>${b.replace(/\[([^\]]*)\]\(([^)]*)\)/g, '<a href="$2">$1</a>').replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')}</p>`,
        )
        .join(''),
  },
}));

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { renderMarkdown } = require('../import/markdown') as typeof import('../import/markdown');

const FIXTURES = path.join(process.cwd(), 'test/fixtures/content');

/** A background job once it has succeeded or failed (or as it is after `ms`). */
async function finishedJob(jobId: number, ms = 20_000) {
  let job: { status: string; result: Record<string, unknown> | null } | undefined;
  for (const end = Date.now() + ms; Date.now() < end;) {
    const { rows } = await getPool().query<{
      status: string;
      result: Record<string, unknown> | null;
    }>('select status, result from background_jobs where id = $1', [jobId]);
    job = rows[0];
    if (job && ['succeeded', 'failed'].includes(job.status)) break;
    await new Promise((res) => setTimeout(res, 200));
  }
  return job;
}
const noAttachments = async () => {
  throw new Error('no attachment files in these fixtures');
};

async function importFixture() {
  const items = readJsonLines(fs.readFileSync(path.join(FIXTURES, 'hostile.jsonl'), 'utf8'));
  return importItems(items, { db: getPool(), renderMarkdown, storeAttachment: noAttachments });
}

let today: string;

beforeAll(async () => {
  await seedDemoContent(getPool(), { scale: 0.1 });
  today = (await getPool().query<{ d: string }>('select current_date::text d')).rows[0].d;
}, 120_000);

async function policies(query: Record<string, string | number> = {}) {
  const r = await callContract(policyPage, { query });
  expect(r.code === 200 ? 200 : r.msg).toBe(200);
  return r.data;
}

describe('policy search', () => {
  it('lists every policy with facets whose counts add up', async () => {
    const all = await policies();
    expect(all.total).toBe(500);
    expect(all.list).toHaveLength(10);
    const sum = (b: { count: number }[]) => b.reduce((s, x) => s + x.count, 0);
    expect(sum(all.facets.level)).toBe(all.total);
    expect(sum(all.facets.kind)).toBe(all.total);
    expect(sum(all.facets.region)).toBe(all.total);
    expect(all.facets.level.map((b) => b.label)).toEqual(
      expect.arrayContaining(['国家级', '省级', '市级']),
    );
    expect(all.list.every((p) => p.demo)).toBe(true);
  });

  it('finds a 2-character word exactly as a text scan does, title hits first', async () => {
    const { rows } = await getPool().query<{ n: number }>(
      "select count(*)::int n from content_policies where strpos(search_doc, '人才') > 0",
    );
    const r = await policies({ q: '人才', pageSize: 50 });
    expect(rows[0].n).toBeGreaterThan(0);
    expect(r.total).toBe(rows[0].n);
    const hits = r.list.map((p) => p.title.includes('人才'));
    const firstMiss = hits.indexOf(false);
    if (firstMiss >= 0) expect(hits.slice(firstMiss).every((h) => !h)).toBe(true);
    expect(hits[0]).toBe(true);
  });

  it('matches longer words contiguously, not just their bigrams', async () => {
    const { rows } = await getPool().query<{ n: number }>(
      "select count(*)::int n from content_policies where strpos(search_doc, '专精特新') > 0",
    );
    expect((await policies({ q: '专精特新' })).total).toBe(rows[0].n);
    expect((await policies({ q: '新特精专' })).total).toBe(0);
  });

  it('filters by region, level, kind, industry, dates and status', async () => {
    const gd = await policies({ region: '440000', pageSize: 50 });
    expect(gd.total).toBeGreaterThan(0);
    expect(gd.list.every((p) => p.regionCode?.startsWith('44'))).toBe(true);
    const city = await policies({ level: 'city', kind: 'funding', pageSize: 50 });
    expect(city.list.every((p) => p.levelLabel === '市级' && p.kindLabel === '资金扶持')).toBe(
      true,
    );
    const c = await policies({ industry: 'C', dateFrom: '2026-01-01', pageSize: 50 });
    expect(c.list.every((p) => p.industries.includes('C') && p.publishDate >= '2026-01-01')).toBe(
      true,
    );
    const closed = await policies({ status: 'closed', pageSize: 50 });
    expect(closed.total).toBeGreaterThan(0);
    expect(closed.list.every((p) => p.status === 'closed' && p.applyEnd! < today)).toBe(true);
    const open = await policies({ status: 'open' });
    expect(open.list.every((p) => p.applyStart! <= today && p.applyEnd! >= today)).toBe(true);
    expect(open.facets.status.map((b) => b.value)).toEqual(open.total ? ['open'] : []);
  });

  it('ignores unknown filter values instead of failing', async () => {
    const all = await policies();
    const r = await policies({
      level: 'galactic',
      region: '999999',
      industry: 'ZZ',
      kind: '<script>',
      status: 'maybe',
      sort: 'random',
      dateFrom: '2026-13-45',
      pageSize: 'abc',
    });
    expect(r.total).toBe(all.total);
    expect(r.pageSize).toBe(10);
  });

  it('clamps huge page numbers and page sizes', async () => {
    const r = await policies({ pageNo: 999999, pageSize: 1000 });
    expect(r.pageSize).toBe(50);
    expect(r.pageNo).toBe(10);
    expect(r.list).toHaveLength(50);
    const neg = await policies({ pageNo: -3 });
    expect(neg.pageNo).toBe(1);
  });

  it('ranks a frequent word the same by walking the date index as through the index', async () => {
    for (const pageNo of [1, 3]) {
      const viaIndex = await policies({ q: '企业', pageNo, pageSize: 20 });
      const q = policySearchQuerySchema.parse({ q: '企业', pageNo, pageSize: 20 });
      const spec = policySearchSpec(q);
      const walked = await walkRelevance(getPool(), spec, '企业', (pageNo - 1) * 20, 20);
      expect(walked).toEqual(viaIndex.list.map((p) => p.id));
    }
    const news = await searchNews(newsSearchQuerySchema.parse({ q: '签约', pageSize: 20 }));
    const newsSpec = {
      table: 'content_news' as const,
      alias: 'n',
      where: (p: Params, norm: string) => (norm ? `n.grams @> ${p.add(['签约'])}::text[]` : 'true'),
      facets: {},
      columns: 'n.id::int as id',
    };
    expect(await walkRelevance(getPool(), newsSpec, '签约', 0, 20)).toEqual(
      news.list.map((n) => n.id),
    );
  });

  it('counts facets exactly up to the sample size and estimates them beyond', async () => {
    const q = policySearchQuerySchema.parse({ sort: 'date' });
    const exact = await searchPolicies(q);
    expect(exact.facetsEstimated).toBe(false);
    const paging = { norm: '', sort: 'date' as const, pageNo: 1, pageSize: 10 };
    const whole = await runContentSearch(getPool(), policySearchSpec(q), {
      ...paging,
      facetSample: 500,
    });
    expect(whole.facetsEstimated).toBe(false);
    const count = (f: { value: string | null; count: number }[]) =>
      Object.fromEntries(f.map((b) => [b.value, b.count]));
    expect(count(whole.facets.level)).toEqual(
      Object.fromEntries(exact.facets.level.map((b) => [b.value, b.count])),
    );
    const sampled = await runContentSearch(getPool(), policySearchSpec(q), {
      ...paging,
      facetSample: 100,
    });
    expect(sampled.facetsEstimated).toBe(true);
    expect(sampled.total).toBe(500);
    const levels = sampled.facets.level.reduce((s, b) => s + b.count, 0);
    expect(Math.abs(levels - 500)).toBeLessThanOrEqual(sampled.facets.level.length);
    expect(sampled.facets.level.every((b) => b.count % 5 === 0)).toBe(true);
  });

  it('counts matches up to the cap and estimates the total beyond it, paging only to the cap', async () => {
    const q = policySearchQuerySchema.parse({ sort: 'date', pageNo: 999 });
    const paging = { norm: '', sort: 'date' as const, pageNo: 999, pageSize: 10 };
    const counted = await runContentSearch(getPool(), policySearchSpec(q), paging);
    expect(counted.totalCapped).toBe(false);
    expect(counted.total).toBe(500);
    expect(counted.pageNo).toBe(50);
    const capped = await runContentSearch(getPool(), policySearchSpec(q), {
      ...paging,
      facetSample: 100,
      countCap: 200,
    });
    expect(capped.totalCapped).toBe(true);
    // The planner's estimate of all policies (statistics are fresh after the seed), never below
    // the cap; the facets are scaled to it.
    expect(capped.total).toBeGreaterThan(200);
    expect(Math.abs(capped.total - 500)).toBeLessThanOrEqual(50);
    expect(capped.facetsEstimated).toBe(true);
    expect(capped.pageNo).toBe(20);
    expect(capped.rows).toHaveLength(10);
    // A keyword in every policy through the bigram index, likewise.
    const kw = policySearchQuerySchema.parse({ q: '企业' });
    const word = await runContentSearch(getPool(), policySearchSpec(kw), {
      ...paging,
      norm: '企业',
      pageNo: 1,
      facetSample: 100,
      countCap: 200,
    });
    expect(word.totalCapped).toBe(true);
    expect(word.total).toBeGreaterThan(200);
    const exact = await searchPolicies(kw);
    expect(exact.totalCapped).toBe(false);
    expect(exact.total).toBeGreaterThan(200);
  });

  it('sorts by date, newest first', async () => {
    const r = await policies({ sort: 'date', pageSize: 50 });
    const dates = r.list.map((p) => p.publishDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('details and comparison', () => {
  it('answers a policy with subsidies, and 404 for an unknown id', async () => {
    const { rows } = await getPool().query<{ id: number }>(
      'select policy_id::int id from content_subsidies order by id limit 1',
    );
    const r = await callContract(policyGet, { query: { id: rows[0].id } });
    expect(r.code).toBe(200);
    expect(r.data.bodyHtml).toContain('<h2>');
    expect(r.data.subsidies.length).toBeGreaterThan(0);
    const missing = await callContract(policyGet, { query: { id: 99999999 } });
    expect(missing.code).toBe(ERRORS.NOT_FOUND.code);
    for (const c of [reportGet, newsGet, subsidyGet])
      expect((await callContract(c, { query: { id: 99999999 } })).code).toBe(ERRORS.NOT_FOUND.code);
  });

  it('answers a subsidy with its target profile; 匹配企业 needs a sign-in', async () => {
    const { rows } = await getPool().query<{ id: number }>(
      'select id::int from content_subsidies order by id limit 1',
    );
    const s = await callContract(subsidyGet, { query: { id: rows[0].id } });
    expect(s.code).toBe(200);
    expect(s.data.targetProfileText).toContain('登记状态');
    expect(s.data.policy.id).toBe(s.data.policyId);
    const anon = await callContract(subsidyMatch, { query: { id: rows[0].id } });
    expect(anon.code).toBe(ERRORS.UNAUTHORIZED.code);
    const u = await createTestUser();
    const m = await callContract(
      subsidyMatch,
      { query: { id: rows[0].id, pageNo: 99999 } },
      { token: u.accessToken, tenantId: u.tenantId },
    );
    expect(m.code === 200 ? 200 : m.msg).toBe(200);
    expect(m.data.pageNo).toBeLessThanOrEqual(100);
  });

  it('compares policies in the order asked and leaves out unknown ids', async () => {
    const { rows } = await getPool().query<{ id: number }>(
      'select id::int from content_policies order by id limit 2',
    );
    const r = await callContract(policyCompare, {
      query: { ids: `${rows[1].id},99999999,${rows[0].id},abc` },
    });
    expect(r.data.map((p) => p.id)).toEqual([rows[1].id, rows[0].id]);
  });
});

describe('reports, news and topics', () => {
  it('serves the research report page (spec 7.3) by kind with chain facets', async () => {
    const r = await callContract(researchReportPage, { query: { kind: 'cyzx', pageSize: 50 } });
    expect(r.code).toBe(200);
    expect(r.data.total).toBeGreaterThan(0);
    expect(r.data.list.every((x) => x.kind === 'cyzx')).toBe(true);
    const chain = r.data.facets.chain[0];
    const byChain = await callContract(researchReportPage, {
      query: { kind: 'cyzx', chain: chain.value },
    });
    expect(byChain.data.total).toBe(chain.count);
    const detail = await callContract(reportGet, { query: { id: r.data.list[0].id } });
    expect(detail.data.charts.length).toBeGreaterThan(0);
  });

  it('searches news and lists health topics with their items', async () => {
    const n = await callContract(newsPage, { query: { q: '签约' } });
    expect(n.data.total).toBeGreaterThan(0);
    expect(n.data.list[0].title).toContain('签约');
    const topics = await listHealthTopics();
    expect(topics.map((t) => t.slug)).toContain('biomedicine');
    const bio = await getHealthTopic('biomedicine');
    expect(bio!.newsCount).toBeGreaterThan(0);
    expect(bio!.news.every((x) => x.topics.includes('biomedicine'))).toBe(true);
    expect(await getHealthTopic('nope')).toBeNull();
    expect(await getHealthTopic('../etc')).toBeNull();
  });

  it('lists content pages in sitemap files', async () => {
    const files = await contentSitemapFiles();
    expect(files).toEqual(
      expect.arrayContaining(['/sitemaps/content-policy-1.xml', '/sitemaps/content-news-1.xml']),
    );
    const xml = await contentSitemapXml('content-policy-1.xml', 'https://example.com');
    expect(xml).toContain('<loc>https://example.com/policyDetail?id=');
    expect(await contentSitemapXml('content-policy-9.xml', 'https://example.com')).toBeNull();
    expect(await contentSitemapXml('content-evil-1.xml', 'https://example.com')).toBeNull();
  });
});

describe('import', () => {
  it('cleans hostile HTML, rejects bad items with reasons, and is idempotent by source id', async () => {
    const first = await importFixture();
    expect(first.inserted).toBe(3);
    expect(first.updated).toBe(0);
    const reasons = first.rejected.map((r) => `${r.where} ${r.reason}`).join('\n');
    expect(reasons).toContain('层级“宇宙级”无效');
    expect(reasons).toContain('非国家级政策须填写地区代码');
    expect(reasons).toContain('正文为空');
    expect(reasons).toContain('不是有效的 JSON');
    expect(reasons).toContain('demo:');
    expect(reasons).toContain('日期应为 YYYY-MM-DD');
    expect(first.rejected).toHaveLength(6);

    const again = await importFixture();
    expect(again.inserted).toBe(0);
    expect(again.updated).toBe(3);
    const { rows } = await getPool().query<{ n: number }>(
      "select count(*)::int n from content_policies where source_id like 'fixture:%'",
    );
    expect(rows[0].n).toBe(1);

    const { rows: ids } = await getPool().query<{ id: number }>(
      "select id::int from content_policies where source_id = 'fixture:policy:hostile'",
    );
    const p = (await callContract(policyGet, { query: { id: ids[0].id } })).data;
    const html = `${p.bodyHtml}${p.interpretationHtml}`;
    for (const bad of [
      '<script',
      'alert(',
      'onclick',
      'onerror',
      'onload',
      'javascript:',
      '<iframe',
      '<svg',
      'style=',
      '<form',
      '<input',
      'data:image',
      'display:none',
    ])
      expect(html).not.toContain(bad);
    expect(p.bodyHtml).toContain('为推动集成电路产业发展，制定本措施。');
    expect(p.bodyHtml).toContain('<h2>总则</h2>');
    expect(p.bodyHtml).toMatch(/<a href="https:\/\/www\.gov\.cn\/zhengce\/"[^>]*rel="nofollow/);
    expect(p.interpretationHtml).toContain('<strong>解读</strong>');
    expect(p.subsidies[0].amountMaxFen).toBe(500000000);
    expect(p.regionName).toBe('广东省');
    expect(p.status).toBe('open');

    // Imported text is searchable at once, body words included.
    const found = await policies({ q: '广东省内注册' });
    expect(found.list.map((x) => x.id)).toContain(ids[0].id);
    const news = await callContract(newsPage, { query: { q: '园区签约', topic: 'biomedicine' } });
    expect(news.data.list[0].title).toContain('园区签约');
  });

  it('imports a folder of Markdown with front matter', async () => {
    const dir = path.join(FIXTURES, 'markdown');
    const items = fs
      .readdirSync(dir)
      .sort()
      .map((f) => readMarkdownFile(fs.readFileSync(path.join(dir, f), 'utf8'), f));
    const r = await importItems(items, {
      db: getPool(),
      renderMarkdown,
      storeAttachment: noAttachments,
    });
    expect(r.rejected).toEqual([]);
    expect(r.inserted).toBe(2);
    const { rows } = await getPool().query<{ body_html: string; attachments: unknown[] }>(
      "select body_html, attachments from content_policies where source_id = 'fixture:md:policy-1'",
    );
    expect(rows[0].body_html).toContain('<strong>大模型</strong>');
    expect(rows[0].body_html).not.toContain('javascript:');
    expect(rows[0].body_html).not.toContain('<script');
    expect(rows[0].attachments).toEqual([
      { name: '政策原文链接', url: 'https://www.sz.gov.cn/', size: null },
    ]);
  });

  it('runs an admin upload as a background job (platform admins only)', async () => {
    const form = () => {
      const f = new FormData();
      f.set(
        'file',
        new File([fs.readFileSync(path.join(FIXTURES, 'hostile.jsonl'))], 'hostile.jsonl'),
      );
      return f;
    };
    const staff = await createTestUser();
    const refused = await callApi('POST', contentImport.path, {
      form: form(),
      token: staff.accessToken,
      tenantId: staff.tenantId,
    });
    expect(refused.code).toBe(ERRORS.FORBIDDEN.code);

    const admin = await createTestUser({ roleCodes: ['super_admin'], noTenant: true });
    const runner = await startTestJobRunner([contentImportJob]);
    try {
      const r = await callApi<{ jobId: number }>('POST', contentImport.path, {
        form: form(),
        token: admin.accessToken,
      });
      expect(r.code === 200 ? 200 : r.msg).toBe(200);
      const job = await finishedJob(r.data.jobId);
      expect(job?.status).toBe('succeeded');
      expect(job?.result).toMatchObject({ total: 9, rejectedCount: 6 });
      expect((job?.result?.rejected as unknown[]).length).toBe(6);
    } finally {
      await runner.stop();
    }
  }, 60_000);

  it('takes an upload above 5 MB as a file read line by line, and refuses one above 100 MB', async () => {
    // ~6.5 MB of JSON lines: 1,300 news items of ~5 KB, one bad line among them.
    const body = `<p>${'园区项目签约落地，总投资规模持续扩大。'.repeat(90)}</p>`;
    const lines = Array.from({ length: 1300 }, (_, i) =>
      JSON.stringify({
        type: 'news',
        sourceId: `fixture:big-upload:${i}`,
        title: `大文件导入测试资讯 ${i}`,
        source: '测试来源',
        category: '投融资',
        publishDate: '2026-10-02',
        bodyHtml: body,
      }),
    );
    lines.splice(700, 0, '{ 这一行不是 JSON');
    const text = lines.join('\n');
    expect(Buffer.byteLength(text)).toBeGreaterThan(5 * 1024 * 1024);
    const admin = await createTestUser({ roleCodes: ['super_admin'], noTenant: true });
    const runner = await startTestJobRunner([contentImportJob]);
    try {
      const form = new FormData();
      form.set('file', new File([text], 'big.jsonl'));
      const r = await callApi<{ jobId: number }>('POST', contentImport.path, {
        form,
        token: admin.accessToken,
      });
      expect(r.code === 200 ? 200 : r.msg).toBe(200);
      // The job row names the stored file; the text is not in it.
      const params = await getPool().query<{ params: Record<string, unknown> }>(
        'select params from background_jobs where id = $1',
        [r.data.jobId],
      );
      expect(params.rows[0].params.text).toBeUndefined();
      expect(params.rows[0].params.upload).toMatch(/\.jsonl$/);
      const job = await finishedJob(r.data.jobId, 60_000);
      expect(job?.status).toBe('succeeded');
      expect(job?.result).toMatchObject({ total: 1301, rejectedCount: 1 });
      expect(job?.result?.rejected).toEqual([
        { where: '第 701 行', sourceId: null, reason: '不是有效的 JSON' },
      ]);
      const { rows } = await getPool().query<{ n: number }>(
        "select count(*)::int n from content_news where source_id like 'fixture:big-upload:%'",
      );
      expect(rows[0].n).toBe(1300);
      // The stored upload is gone once the job is done.
      const left = fs.existsSync(contentImportDir()) ? fs.readdirSync(contentImportDir()) : [];
      expect(left).not.toContain(params.rows[0].params.upload);

      const huge = new FormData();
      const mb = new Uint8Array(1024 * 1024).fill(0x61);
      huge.set(
        'file',
        new File(
          Array.from({ length: 101 }, () => mb),
          'huge.jsonl',
        ),
      );
      const refused = await callApi('POST', contentImport.path, {
        form: huge,
        token: admin.accessToken,
      });
      expect(refused.code).toBe(ERRORS.PAYLOAD_TOO_LARGE.code);
      expect(refused.msg).toBe('请求内容过大，上限 100 MB');
    } finally {
      await runner.stop();
    }
  }, 120_000);
});
