import { eq } from 'drizzle-orm';
import { backgroundJobs, enterpriseReports, enterpriseUnlocks } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { createJobContext } from '@/lib/server/platform/jobs/job-context';
import type { JobRunner } from '@/lib/server/platform/jobs/job-runner';
import { downloadJobFile, getJob } from '@/lib/shared/jobs/job.contract';
import {
  createQuicklyReport,
  createReportTemplate,
  deleteReport,
  deleteReportTemplate,
  getReport,
  getReportAllowance,
  getReportPage,
  getReportTemplate,
  getReportTemplateList,
  updateReportTemplate,
  type ReportView,
} from '@/lib/shared/enterprise-report/report.contract';
import { REPORT_SECTIONS } from '@/lib/shared/enterprise-report/report.types';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { startTestJobRunner } from '@/test/helpers/job-runner';
import { installMemoryFileStorage } from '@/test/helpers/memory-storage';
import { pdfText } from '@/test/helpers/pdf-text';
import {
  SECRET_EMAIL,
  SECRET_MOBILE,
  SECRET_PHONE,
  seedFamily,
  seedPlainCompanies,
  type Family,
} from '@/lib/server/enterprise/__tests__/fixtures';
import { enterpriseReportJob } from '../report.job';
import { stopReportPdfWorker } from '../pdf/report-pdf';

/**
 * 企业报告 (issue 32 item 3): templates and their rules, createQuicklyReport's refusals (template,
 * company, permission, allowance, reports in progress), the job to its PDF, what another member
 * sees (nothing), that a report carries only unlocked contacts, and a job stopped between its
 * stages resuming without a half PDF in between.
 */

installMemoryFileStorage();
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });
const FULL = 1; // 企业全景报告 (built in, migration 0043)
const BRIEF = 2; // 合作前尽调简报
let family: Family;
let runner: JobRunner | null = null;

beforeAll(async () => {
  family = await seedFamily();
});

afterAll(async () => {
  await runner?.stop();
  await stopReportPdfWorker();
});

async function finished(u: TestUser, id: number, ms = 60_000): Promise<ReportView> {
  const deadline = Date.now() + ms;
  for (;;) {
    const r = await callContract(getReport, { query: { id } }, as(u));
    if (r.data && (r.data.status === 'succeeded' || r.data.status === 'failed')) return r.data;
    if (Date.now() > deadline) throw new Error(`report ${id} did not finish: ${JSON.stringify(r)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function pdfOf(u: TestUser, report: ReportView): Promise<Buffer> {
  const r = await callContract(downloadJobFile, { query: { id: report.jobId } }, as(u));
  expect(r.status).toBe(200);
  expect(r.res.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await r.res.arrayBuffer());
}

describe('报告模板', () => {
  it('validates a template, keeps it to its member, and protects the built-in ones', async () => {
    const user = await createTestUser({ edition: 2 });
    const list = await callContract(getReportTemplateList, {}, as(user));
    expect(list.data.map((t) => [t.id, t.builtIn])).toEqual([
      [FULL, true],
      [BRIEF, true],
    ]);
    expect(list.data[0].sections).toEqual(REPORT_SECTIONS.map((s) => s.key));

    const bad: [unknown, string][] = [
      [{ name: ' ', sections: ['basic'] }, '请输入模板名称'],
      [{ name: '长'.repeat(31), sections: ['basic'] }, '模板名称最多 30 个字'],
      [{ name: '简报', sections: [] }, '请至少选择一个报告章节'],
      [{ name: '简报', sections: ['basic', 'lawsuits'] }, '报告章节不正确'],
      [{ name: '简报', sections: ['basic', 'basic'] }, '报告章节不能重复'],
      [{ name: '简报' }, '请选择报告章节'],
    ];
    for (const [body, msg] of bad) {
      const r = await callContract(createReportTemplate, { body }, as(user));
      expect(r.code).toBe(400);
      expect(r.msg).toContain(msg);
    }

    const created = await callContract(
      createReportTemplate,
      // Sections come back in report order, whatever order they were chosen in.
      { body: { name: '销售拜访版', sections: ['contacts', 'basic', 'financing'] } },
      as(user),
    );
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({
      name: '销售拜访版',
      sections: ['basic', 'financing', 'contacts'],
      builtIn: false,
    });
    const id = created.data.id;

    const updated = await callContract(
      updateReportTemplate,
      { body: { id, name: '销售拜访版二', sections: ['risks'], remark: '只看风险' } },
      as(user),
    );
    expect(updated.data).toMatchObject({ name: '销售拜访版二', sections: ['risks'] });

    // A colleague and a stranger: the template does not exist for them.
    const colleague = await createTestUser({ tenantId: user.tenantId! });
    for (const other of [colleague, await createTestUser()]) {
      const got = await callContract(getReportTemplate, { query: { id } }, as(other));
      expect([got.code, got.msg]).toEqual([404, '报告模板不存在']);
      const del = await callContract(deleteReportTemplate, { query: { id } }, as(other));
      expect(del.code).toBe(404);
      expect((await callContract(getReportTemplateList, {}, as(other))).data).toHaveLength(2);
    }

    const builtIn = await callContract(
      updateReportTemplate,
      { body: { id: FULL, name: '改名', sections: ['basic'] } },
      as(user),
    );
    expect([builtIn.code, builtIn.msg]).toEqual([1004013002, '内置模板不能修改或删除']);
    expect(
      (await callContract(deleteReportTemplate, { query: { id: BRIEF } }, as(user))).code,
    ).toBe(1004013002);

    expect((await callContract(deleteReportTemplate, { query: { id } }, as(user))).data).toBe(true);
    expect((await callContract(getReportTemplateList, {}, as(user))).data).toHaveLength(2);
  });
});

describe('createQuicklyReport: refusals', () => {
  it('needs a session, an enterprise, the right, a known template and a known company', async () => {
    const body = { templateId: FULL, entId: family.mainId };
    expect((await callContract(createQuicklyReport, { body })).code).toBe(401);

    // A role without 生成企业报告 (no menus, so no permissions at all).
    const bare = await createTestUser({ roleCodes: ['report_test_no_rights'] });
    expect((await callContract(createQuicklyReport, { body }, as(bare))).code).toBe(403);

    const user = await createTestUser({ edition: 2 });
    const cases: [unknown, number, string][] = [
      [{ templateId: 999_999, entId: family.mainId }, 404, '报告模板不存在'],
      [{ templateId: FULL, entId: 999_999_999 }, 404, '企业不存在'],
      [{ templateId: FULL, entName: '并不存在的某某公司' }, 404, '企业不存在'],
      [{ templateId: FULL }, 400, '请选择企业'],
      [{ templateId: 'abc', entId: family.mainId }, 400, 'id 不正确'],
    ];
    for (const [b, code, msg] of cases) {
      const r = await callContract(createQuicklyReport, { body: b }, as(user));
      expect([r.code, r.msg]).toEqual([code, expect.stringContaining(msg)]);
    }
    // Another member's template is as unknown as a missing one.
    const owner = await createTestUser({ tenantId: user.tenantId! });
    const theirs = await callContract(
      createReportTemplate,
      { body: { name: '他人的模板', sections: ['basic'] } },
      as(owner),
    );
    const r = await callContract(
      createQuicklyReport,
      { body: { templateId: theirs.data.id, entId: family.mainId } },
      as(user),
    );
    expect([r.code, r.msg]).toEqual([404, '报告模板不存在']);
    expect((await callContract(getReportPage, { query: {} }, as(user))).data.total).toBe(0);
  });

  it('counts reports against the edition: the free edition makes 3 a month, then a clear refusal', async () => {
    const user = await createTestUser({ edition: 0 });
    const before = await callContract(getReportAllowance, {}, as(user));
    expect(before.data).toMatchObject({
      edition: 0,
      monthlyQuota: 3,
      usedThisMonth: 0,
      remaining: 3,
    });
    for (let i = 0; i < 3; i++) {
      const r = await callContract(
        createQuicklyReport,
        { body: { templateId: BRIEF, entId: family.childId } },
        as(user),
      );
      expect(r.code).toBe(200);
      expect(r.data).toMatchObject({
        status: 'queued',
        entName: expect.stringContaining('雷达软件'),
      });
    }
    const refused = await callContract(
      createQuicklyReport,
      { body: { templateId: BRIEF, entId: family.childId } },
      as(user),
    );
    expect([refused.code, refused.msg]).toEqual([
      1004013000,
      '本月企业报告额度已用完（免费版每月 3 份），升级会员可生成更多',
    ]);
    // A colleague shares the enterprise's allowance.
    const colleague = await createTestUser({ tenantId: user.tenantId! });
    expect(
      (
        await callContract(
          createQuicklyReport,
          { body: { templateId: BRIEF, entId: family.childId } },
          as(colleague),
        )
      ).code,
    ).toBe(1004013000);
    // Deleting gives nothing back; a failed report does.
    const page = await callContract(getReportPage, { query: {} }, as(user));
    expect(page.data.total).toBe(3);
    await callContract(deleteReport, { query: { id: page.data.list[0].id } }, as(user));
    expect((await callContract(getReportAllowance, {}, as(user))).data.remaining).toBe(0);
    await getDb()
      .update(backgroundJobs)
      .set({ status: 'failed', error: '测试失败' })
      .where(eq(backgroundJobs.id, page.data.list[1].jobId));
    expect((await callContract(getReportAllowance, {}, as(user))).data).toMatchObject({
      usedThisMonth: 2,
      remaining: 1,
    });
  });

  it('caps the reports one member has in progress', async () => {
    const user = await createTestUser({ edition: 4 });
    const make = () =>
      callContract(
        createQuicklyReport,
        { body: { templateId: BRIEF, uncid: family.mainUncid } },
        as(user),
      );
    for (let i = 0; i < 3; i++) expect((await make()).code).toBe(200);
    const busy = await make();
    expect([busy.code, busy.msg]).toEqual([1004013001, '已有 3 份报告正在生成，请稍后再试']);
  });
});

describe('createQuicklyReport: the job, the HTML content and the PDF', () => {
  beforeAll(async () => {
    runner = await startTestJobRunner([enterpriseReportJob]);
  });

  it('writes every section, a Chinese PDF under 2 MB, and only for its member', async () => {
    const user = await createTestUser({ edition: 2 });
    const created = await callContract(
      createQuicklyReport,
      { body: { templateId: FULL, entName: family.mainName } },
      as(user),
    );
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({
      entId: family.mainId,
      templateName: '企业全景报告',
      sections: REPORT_SECTIONS.map((s) => s.key),
      pdfReady: false,
    });
    const done = await finished(user, created.data.id);
    expect(done).toMatchObject({ status: 'succeeded', percent: 100, pdfReady: true });

    const full = await callContract(getReport, { query: { id: done.id } }, as(user));
    const content = full.data.content!;
    expect(content.entName).toBe(family.mainName);
    expect(content.sections.map((s) => s.title)).toEqual(REPORT_SECTIONS.map((s) => s.title));
    const text = JSON.stringify(content);
    for (const expected of ['王建国', '陈大明', '高新技术企业', '控股集团', '软件开发'])
      expect(text).toContain(expected);

    const pdf = await pdfOf(user, done);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(done.pdfSize).toBe(pdf.length);
    const pdfWords = pdfText(pdf);
    expect(pdfWords).toContain(family.mainName);
    for (const s of REPORT_SECTIONS) expect(pdfWords).toContain(s.title);
    expect(pdfWords).toContain('王建国');

    // Not unlocked by this enterprise: no contact anywhere, in the page's content or the PDF.
    for (const secret of [SECRET_MOBILE, SECRET_PHONE, SECRET_EMAIL]) {
      expect(text).not.toContain(secret);
      expect(pdfWords).not.toContain(secret);
    }
    expect(text).toContain('贵企业尚未解锁该企业的联系方式');

    // The job is in 下载中心 with its PDF.
    const job = await callContract(getJob, { query: { id: done.jobId } }, as(user));
    expect(job.data).toMatchObject({ kind: 'enterprise_report', downloadable: true });
    expect(job.data.fileName).toMatch(/企业报告_\d{8}-\d{4}\.pdf$/);

    // A colleague and another enterprise's member can neither read nor download it.
    const colleague = await createTestUser({ tenantId: user.tenantId! });
    for (const other of [colleague, await createTestUser({ edition: 2 })]) {
      const got = await callContract(getReport, { query: { id: done.id } }, as(other));
      expect([got.code, got.msg]).toEqual([404, '报告不存在']);
      expect(
        (await callContract(downloadJobFile, { query: { id: done.jobId } }, as(other))).code,
      ).toBe(404);
      expect((await callContract(deleteReport, { query: { id: done.id } }, as(other))).code).toBe(
        404,
      );
      expect((await callContract(getReportPage, { query: {} }, as(other))).data.total).toBe(0);
    }

    // Deleted: gone from the list, its PDF gone from 下载中心.
    expect((await callContract(deleteReport, { query: { id: done.id } }, as(user))).data).toBe(
      true,
    );
    expect((await callContract(getReport, { query: { id: done.id } }, as(user))).code).toBe(404);
    expect(
      (await callContract(downloadJobFile, { query: { id: done.jobId } }, as(user))).code,
    ).toBe(404);
  });

  it('carries the contacts once the enterprise has unlocked the company, and only then', async () => {
    const user = await createTestUser({ edition: 2 });
    await getDb()
      .insert(enterpriseUnlocks)
      .values({ tenantId: user.tenantId!, enterpriseId: family.mainId, userId: user.userId });
    const created = await callContract(
      createQuicklyReport,
      { body: { templateId: FULL, entId: family.mainId } },
      as(user),
    );
    const done = await finished(user, created.data.id);
    const words = pdfText(await pdfOf(user, done));
    for (const secret of [SECRET_MOBILE, SECRET_PHONE, SECRET_EMAIL])
      expect(words).toContain(secret);
    // Only in 联系方式: the changes section keeps a quoted phone masked.
    const content = (await callContract(getReport, { query: { id: done.id } }, as(user))).data
      .content!;
    const outside = JSON.stringify(content.sections.filter((s) => s.key !== 'contacts'));
    for (const secret of [SECRET_MOBILE, SECRET_PHONE, SECRET_EMAIL])
      expect(outside).not.toContain(secret);
  });

  it('writes a company without data as empty sections', async () => {
    const user = await createTestUser({ edition: 2 });
    const [plain] = await seedPlainCompanies(1, '报告空数据企业');
    const created = await callContract(
      createQuicklyReport,
      { body: { templateId: FULL, entId: plain } },
      as(user),
    );
    const done = await finished(user, created.data.id);
    expect(done.status).toBe('succeeded');
    const content = (await callContract(getReport, { query: { id: done.id } }, as(user))).data
      .content!;
    const text = JSON.stringify(content);
    for (const empty of ['暂无股东信息', '暂无工商变更记录', '暂无融资信息', '暂无荣誉与资质'])
      expect(text).toContain(empty);
    expect(pdfText(await pdfOf(user, done))).toContain('暂无融资信息');
  });

  it('resumes a job stopped between its stages, with no PDF to download in between', async () => {
    const user = await createTestUser({ edition: 2 });
    await runner!.stop();
    runner = null;
    const created = await callContract(
      createQuicklyReport,
      { body: { templateId: BRIEF, entId: family.mainId } },
      as(user),
    );
    // A worker claims the job, commits the content stage and dies while saving the PDF.
    const [claimed] = await getDb()
      .update(backgroundJobs)
      .set({ status: 'running', attempt: 1, dispatchId: 'worker-killed', startedAt: new Date() })
      .where(eq(backgroundJobs.id, created.data.jobId))
      .returning();
    const ctx = createJobContext(claimed, { entId: family.mainId });
    await expect(
      enterpriseReportJob.run({
        ...ctx,
        checkpoint: null,
        saveFile: async () => {
          throw new Error('进程被终止');
        },
      }),
    ).rejects.toThrow('进程被终止');
    const [row] = await getDb()
      .select()
      .from(enterpriseReports)
      .where(eq(enterpriseReports.id, created.data.id));
    const firstContent = row.content as { generatedAt: number };
    expect(firstContent.generatedAt).toBeGreaterThan(0);
    const halfway = await callContract(getReport, { query: { id: created.data.id } }, as(user));
    expect(halfway.data).toMatchObject({ status: 'running', pdfReady: false });
    expect(
      (await callContract(downloadJobFile, { query: { id: created.data.jobId } }, as(user))).code,
    ).toBe(404);

    // The worker stopped beating: a runner's sweep gives the job to a new attempt, which starts
    // from the committed content and only draws the PDF.
    await getDb()
      .update(backgroundJobs)
      .set({ heartbeatAt: new Date(Date.now() - 3_600_000) })
      .where(eq(backgroundJobs.id, created.data.jobId));
    runner = await startTestJobRunner([enterpriseReportJob]);
    await runner.sweep();
    const done = await finished(user, created.data.id);
    expect(done).toMatchObject({ status: 'succeeded', pdfReady: true });
    const after = (await callContract(getReport, { query: { id: done.id } }, as(user))).data
      .content!;
    expect(after.generatedAt).toBe(firstContent.generatedAt);
    expect(pdfText(await pdfOf(user, done))).toContain(family.mainName);
  });
});
