import { eq } from 'drizzle-orm';
import { backgroundJobs } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import {
  cancelJob,
  deleteJob,
  downloadJobFile,
  getJob,
  getJobPage,
} from '@/lib/shared/jobs/job.contract';
import { callApi, callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { installMemoryFileStorage } from '@/test/helpers/memory-storage';
import { seedPlainCompanies } from '@/lib/server/enterprise/__tests__/fixtures';

const stored = installMemoryFileStorage();
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });
let companies: number[];

beforeAll(async () => {
  companies = await seedPlainCompanies(3, '下载中心测试企业');
});

describe('下载中心', () => {
  it('lists an export made at once, with its file, for its owner only', async () => {
    const user = await createTestUser({ edition: 1 });
    const exported = await callApi('POST', '/szjk/enterprise/export', {
      body: { entIds: companies },
      token: user.accessToken,
    });
    expect(exported.status).toBe(200);
    const fileBytes = Buffer.from(await exported.res.arrayBuffer());

    const page = await callContract(getJobPage, { query: { pageNo: 1, pageSize: 10 } }, as(user));
    expect(page.code).toBe(200);
    expect(page.data.total).toBe(1);
    const [job] = page.data.list;
    expect(job).toMatchObject({
      kind: 'export_enterprises',
      title: '企业导出（3 家）',
      status: 'succeeded',
      percent: 100,
      processed: 3,
      // Named by content and date (issue 28 item 7), not 导出.xlsx.
      fileName: expect.stringMatching(/^企业导出（3家）_\d{8}-\d{4}\.xlsx$/),
      fileSize: fileBytes.length,
      downloadable: true,
    });
    expect(job.expireTime! - job.createTime).toBeGreaterThan(6 * 86_400_000);

    // The stored file is the one the user downloaded.
    const again = await callContract(downloadJobFile, { query: { id: job.id } }, as(user));
    expect(again.status).toBe(200);
    expect(again.res.headers.get('content-disposition')).toContain(
      encodeURIComponent(job.fileName!),
    );
    expect(Buffer.from(await again.res.arrayBuffer()).equals(fileBytes)).toBe(true);

    // A colleague of the same enterprise and a stranger: 404, nothing listed.
    const colleague = await createTestUser({ tenantId: user.tenantId ?? undefined });
    for (const other of [colleague, await createTestUser()]) {
      expect((await callContract(getJob, { query: { id: job.id } }, as(other))).code).toBe(404);
      expect((await callContract(downloadJobFile, { query: { id: job.id } }, as(other))).code).toBe(
        404,
      );
      expect((await callContract(deleteJob, { query: { id: job.id } }, as(other))).code).toBe(404);
      const theirs = await callContract(getJobPage, { query: {} }, as(other));
      expect(theirs.data.total).toBe(0);
    }

    // Deleting removes the row from the list and the file from the storage.
    const keysBefore = stored.size;
    expect((await callContract(deleteJob, { query: { id: job.id } }, as(user))).data).toBe(true);
    expect(stored.size).toBe(keysBefore - 1);
    expect((await callContract(getJobPage, { query: {} }, as(user))).data.total).toBe(0);
    expect((await callContract(downloadJobFile, { query: { id: job.id } }, as(user))).code).toBe(
      404,
    );
  });

  it('cancels a queued job, refuses a download that is not ready, and filters by status', async () => {
    const user = await createTestUser();
    const [queued] = await getDb()
      .insert(backgroundJobs)
      .values({ userId: user.userId, tenantId: user.tenantId, kind: 'lead_import', title: '导入' })
      .returning();
    expect((await callContract(downloadJobFile, { query: { id: queued.id } }, as(user))).code).toBe(
      404,
    );
    const running = await callContract(getJobPage, { query: { status: 'queued' } }, as(user));
    expect(running.data.list.map((j) => j.id)).toEqual([queued.id]);

    const cancelled = await callContract(cancelJob, { query: { id: queued.id } }, as(user));
    expect(cancelled.data).toMatchObject({ status: 'cancelled', message: '已取消' });
    const [row] = await getDb()
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.id, queued.id));
    expect(row.cancelRequestedAt).not.toBeNull();
    expect(
      (await callContract(getJobPage, { query: { status: 'queued' } }, as(user))).data.total,
    ).toBe(0);
  });

  it('needs a signed-in caller and a sane id', async () => {
    expect((await callContract(getJobPage, { query: {} })).code).toBe(401);
    const user = await createTestUser();
    for (const id of ['abc', '-1', '0', '1e400'])
      expect((await callContract(getJob, { query: { id } }, as(user))).code).toBe(400);
  });
});
