import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { startTestJobRunner } from '@/test/helpers/job-runner';
import type { JobRunner } from '@/lib/server/platform/jobs/job-runner';
import { getDb } from '@/lib/server/platform/db';
import { clues } from '@/db/schema';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { EXPORT_HEADERS } from '@/lib/server/enterprise/export/enterprise-export.service';
import {
  createAiTask,
  createClueExportTask,
  createExportTask,
  sendMessage,
  type SendMessageResult,
} from '@/lib/shared/ai/ai.contract';
import { downloadJobFile, getJob } from '@/lib/shared/jobs/job.contract';
import type { JobView } from '@/lib/shared/jobs/job.types';
import { aiClueExportJob, aiExportJob } from '../ai-jobs';

/* Export and add-to-leads of a reply's results through the job runner into the download centre. */

let runner: JobRunner;
let user: TestUser;
let free: TestUser;
let sent: SendMessageResult;
const names: string[] = [];

beforeAll(async () => {
  delete process.env.LLM_BASE_URL;
  runner = await startTestJobRunner([aiExportJob, aiClueExportJob]);
  user = await createTestUser({ edition: 2 });
  free = await createTestUser({ edition: 0 });
  for (let i = 0; i < 4; i++) {
    const name = `鸿雁导出测试${i}有限公司`;
    names.push(name);
    await plantEnterprise({
      name,
      provinceCode: '440000',
      cityCode: '440300',
      districtCode: '440305',
      tags: ['瞪羚'],
      regCapital: 3000,
    });
  }
  const task = await callContract(createAiTask, { body: {} }, { token: user.accessToken });
  const r = await callContract(
    sendMessage,
    { body: { taskId: task.data.taskId, query: '深圳市南山区的瞪羚企业' } },
    { token: user.accessToken },
  );
  expect(r.code).toBe(200);
  sent = r.data;
}, 60_000);

afterAll(async () => {
  await runner.stop();
});

async function finished(u: TestUser, id: number): Promise<JobView> {
  for (let i = 0; i < 100; i++) {
    const r = await callContract(getJob, { query: { id } }, { token: u.accessToken });
    if (['succeeded', 'failed', 'cancelled'].includes(r.data.status)) return r.data;
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error('job did not finish');
}

async function sheet(u: TestUser, id: number): Promise<string[][]> {
  const file = await callContract(downloadJobFile, { query: { id } }, { token: u.accessToken });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await file.res.arrayBuffer());
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))),
  );
  return rows;
}

const ref = () => ({ taskId: sent.task.taskId, messageId: sent.reply.messageId });

describe('create-export-task', () => {
  it('exports all results of a reply into the download centre', async () => {
    const r = await callContract(
      createExportTask,
      { body: { ...ref(), all: true } },
      { token: user.accessToken },
    );
    expect(r.code).toBe(200);
    expect(r.data.kind).toBe('ai_export');
    const job = await finished(user, r.data.id);
    expect(job).toMatchObject({
      status: 'succeeded',
      downloadable: true,
      fileName: expect.stringMatching(/_\d{8}-\d{4}\.xlsx$/),
    });
    const rows = await sheet(user, r.data.id);
    expect(rows[0]).toEqual(EXPORT_HEADERS);
    expect(rows.length - 1).toBe(Math.min(sent.reply.aiMessage!.total, 2000));
    const col = EXPORT_HEADERS.indexOf('企业名称');
    expect(rows.map((x) => x[col])).toEqual(expect.arrayContaining(names));
  });

  it('exports only the selected companies', async () => {
    const ids = sent.page!.list.slice(0, 2).map((e) => e.id);
    const r = await callContract(
      createExportTask,
      { body: { ...ref(), entIds: ids } },
      { token: user.accessToken },
    );
    const job = await finished(user, r.data.id);
    expect(job.status).toBe('succeeded');
    expect((await sheet(user, r.data.id)).length).toBe(3);
  });

  it('an edition without exports is refused at once; another member’s reply is 404', async () => {
    const r = await callContract(
      createExportTask,
      { body: { ...ref(), all: true } },
      { token: free.accessToken },
    );
    expect(r.code).toBe(404);
    const task = await callContract(createAiTask, { body: {} }, { token: free.accessToken });
    const mine = await callContract(
      sendMessage,
      { body: { taskId: task.data.taskId, query: '深圳市的瞪羚企业' } },
      { token: free.accessToken },
    );
    const refused = await callContract(
      createExportTask,
      { body: { taskId: task.data.taskId, messageId: mine.data.reply.messageId, all: true } },
      { token: free.accessToken },
    );
    expect(refused.code).toBe(1004012002);
  });
});

describe('create-clue-export-task', () => {
  it('adds all results to leads in the background and lists them in a file', async () => {
    const r = await callContract(
      createClueExportTask,
      { body: { ...ref(), all: true } },
      { token: user.accessToken },
    );
    expect(r.code).toBe(200);
    const job = await finished(user, r.data.id);
    expect(job.status).toBe('succeeded');
    const total = Math.min(sent.reply.aiMessage!.total, 2000);
    expect(job.result).toMatchObject({ rows: total, created: total, existed: 0 });
    const leads = await getDb()
      .select()
      .from(clues)
      .where(and(eq(clues.tenantId, user.tenantId!), eq(clues.source, 'AI 助手')));
    expect(leads.length).toBe(total);
    const rows = await sheet(user, r.data.id);
    expect(rows[0]).toEqual(['企业名称', '统一社会信用代码', '线索编号', '结果']);
    expect(rows.slice(1).every((x) => x[3] === '新加入')).toBe(true);

    const again = await callContract(
      createClueExportTask,
      { body: { ...ref(), all: true } },
      { token: user.accessToken },
    );
    const second = await finished(user, again.data.id);
    expect(second.result).toMatchObject({ created: 0, existed: total });
  });
});
