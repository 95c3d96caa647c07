import ExcelJS from 'exceljs';
import { and, eq, like, sql } from 'drizzle-orm';
import { backgroundJobs, clues, menus, roleMenus, roles } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { VALIDATION_MESSAGES } from '@/lib/shared/validation/rules';
import { CLUE_MESSAGES } from '@/lib/shared/clue/clue.constants';
import { createClue } from '@/lib/shared/clue/clue.contract';
import {
  CLUE_IO_MESSAGES as M,
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
} from '@/lib/shared/clue-io/clue-io.constants';
import {
  exportClueImportFailures,
  exportClues,
  getClueImportTemplate,
  importClues,
} from '@/lib/shared/clue-io/clue-io.contract';
import type { JobView } from '@/lib/shared/jobs/job.types';
import { downloadJobFile, getJob } from '@/lib/shared/jobs/job.contract';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { startJobRunner, type JobRunner } from '@/lib/server/platform/jobs/job-runner';
import { callApi, callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { installMemoryFileStorage } from '@/test/helpers/memory-storage';
import { clueExportJob } from '../clue-export';
import { checkRow, clueImportJob } from '../clue-import';
import { checkUpload } from '../clue-io.service';

/**
 * Lead import and export as background jobs (issue 14): the template, refusals before any row is
 * written, an import with good and bad rows (counts, failures file, idempotence), export under the
 * data scope, and the failures file for its owner only. A runner runs in this process.
 */

const stored = installMemoryFileStorage();

const tag = `${process.pid}${Math.floor(Math.random() * 1e5)}`;
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });
const HEADERS = IMPORT_COLUMNS.map((c) => c.header);

let runner: JobRunner;
let admin: TestUser;
let selfOnly: TestUser;
let colleague: TestUser;

async function scopedRole(code: string, dataScope: number): Promise<void> {
  const db = getDb();
  const [role] = await db
    .insert(roles)
    .values({ code, name: code, dataScope, builtIn: false })
    .returning({ id: roles.id });
  const clueMenus = await db
    .select({ id: menus.id })
    .from(menus)
    .where(like(menus.permission, 'szjk:clue:%'));
  await db.insert(roleMenus).values(clueMenus.map((m) => ({ roleId: role.id, menuId: m.id })));
}

async function workbook(rows: (string | number)[][], headers: string[] = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('线索');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readSheet(data: ArrayBuffer | Buffer, sheet = 1): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as ArrayBuffer);
  const ws = wb.worksheets[sheet - 1];
  const out: string[][] = [];
  ws.eachRow((row) =>
    out.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))),
  );
  return out;
}

async function upload(u: TestUser, data: Buffer, name = '线索.xlsx') {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(data)], name));
  return callApi<JobView>(importClues.method, importClues.path, { ...as(u), form });
}

async function finished(u: TestUser, id: number, ms = 60_000): Promise<JobView> {
  const deadline = Date.now() + ms;
  for (;;) {
    const r = await callContract(getJob, { query: { id } }, as(u));
    const job = r.data;
    if (job && ['succeeded', 'failed', 'cancelled'].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} did not finish: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const leadsOf = (tenantId: number, namePrefix: string) =>
  getDb()
    .select()
    .from(clues)
    .where(and(eq(clues.tenantId, tenantId), like(clues.name, `${namePrefix}%`)));

beforeAll(async () => {
  runner = await startJobRunner({
    connectionString: process.env.DATABASE_URL!,
    kinds: [clueImportJob, clueExportJob],
    pollingIntervalSeconds: 0.5,
    staleAfterSeconds: 5,
    sweepIntervalSeconds: 1,
    log: () => undefined,
  });
  admin = await createTestUser({
    roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
    edition: 3,
  });
  await scopedRole(`clue_io_self_${tag}`, 5);
  selfOnly = await createTestUser({
    tenantId: admin.tenantId!,
    roleCodes: [`clue_io_self_${tag}`],
  });
  colleague = await createTestUser({
    tenantId: admin.tenantId!,
    roleCodes: [`clue_io_self_${tag}`],
  });
});
afterAll(() => runner.stop());

describe('template', () => {
  it('is an .xlsx with the headers, an example row that imports cleanly, and the notes', async () => {
    const r = await callContract(getClueImportTemplate, {}, as(selfOnly));
    expect(r.status).toBe(200);
    expect(r.res.headers.get('content-disposition')).toContain('.xlsx');
    const data = await r.res.arrayBuffer();
    const lead = await readSheet(data, 1);
    expect(lead[0]).toEqual(HEADERS);
    expect(lead[1][0]).toBe(IMPORT_COLUMNS[0].example);
    expect(lead).toHaveLength(2);
    expect(checkRow({ number: 2, cells: lead[1] })).toMatchObject({ ok: true });
    const notes = (await readSheet(data, 2)).map((r) => r.join(' ')).join('\n');
    expect(notes).toContain('线索名称');
    expect(notes).toContain('20MB');
    expect(notes).toContain('批量导入');
  });
});

describe('refusals before any row is written', () => {
  it('refuses files that are not spreadsheets, too big, with wrong headers or without rows', async () => {
    const before = (await leadsOf(admin.tenantId!, '')).length;
    const cases: [Buffer, string, string][] = [
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]), '旧版.xls', M.notSpreadsheet],
      [Buffer.from('%PDF-1.4\n\u0000binary'), '文件.xlsx', M.notSpreadsheet],
      [Buffer.from('PK\u0003\u0004not really a workbook'), '坏文件.xlsx', M.unreadable],
      [await workbook([['甲']], ['名称', '电话']), '错表头.xlsx', '表头与导入模板不一致'],
      [Buffer.from('公司,电话\n甲,1\n'), '错表头.csv', '表头与导入模板不一致'],
      [await workbook([]), '空.xlsx', M.empty],
      [
        Buffer.from(`${HEADERS.join(',')}\n${'某公司\n'.repeat(IMPORT_MAX_ROWS + 1)}`),
        '太多.csv',
        M.tooManyRows,
      ],
    ];
    for (const [data, name, msg] of cases) {
      const r = await upload(admin, data, name);
      expect({ name, code: r.code, msg: r.msg?.includes(msg) }).toEqual({
        name,
        code: 400,
        msg: true,
      });
    }
    // Over 20 MB: refused by the service (and, today, by the API root's 10 MB multipart limit).
    const big = new File([new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x41)], '大.csv');
    await expect(checkUpload(big)).rejects.toMatchObject({ code: 400, msg: M.tooLarge });
    const r = await upload(admin, Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41), '大.csv');
    expect([400, 413]).toContain(r.code);
    expect(r.msg).toMatch(/大小不能超过 20MB|请求内容过大/);
    expect((await leadsOf(admin.tenantId!, '')).length).toBe(before);
  });

  it('refuses a member without the import permission', async () => {
    const plain = await createTestUser({ tenantId: admin.tenantId!, roleCodes: ['nobody'] });
    const r = await upload(plain, await workbook([[`甲${tag}`]]));
    expect(r.code).toBe(403);
  });
});

describe('import', () => {
  it('imports good rows, lists bad ones with reasons, and creates nothing twice', async () => {
    const prefix = `导入${tag}`;
    const ent = await plantEnterprise({ name: `${prefix}关联企业有限公司` });
    const byName = await plantEnterprise({ name: `${prefix}同名企业有限公司` });
    const rows: (string | number)[][] = [
      [`${prefix}甲`, '', '张三', 13800138000, '0592-5123456', 'a@example.com', 'https://a.cn'],
      [`${prefix}乙`, ent.uncid, '李四', '13900139000'],
      [`${prefix}同名企业有限公司`, '', '王五'],
      ['', '', '无名'],
      [`${prefix}丙`, '', '', '12345'],
      [`${prefix}丁`, '91350200MA00000000'],
      [`${prefix}戊`, '', '', '', '', 'a@b'],
      [`${prefix}己`, '', '', '', '', '', 'www.example.com'],
      [`${prefix}甲`, '', '张三', '13800138000'],
    ];
    const file = await workbook(rows);
    const r = await upload(selfOnly, file);
    expect(r.code === 200 ? 200 : r.msg).toBe(200);
    const job = await finished(selfOnly, r.data.id);
    expect(job).toMatchObject({
      status: 'succeeded',
      kind: 'clue_import',
      result: { total: 9, imported: 3, skipped: 1, failed: 5 },
      downloadable: true,
    });
    // The upload went when the job ended; the failures file stays.
    const [jobRow] = await getDb()
      .select({ params: backgroundJobs.params, fileKey: backgroundJobs.fileKey })
      .from(backgroundJobs)
      .where(eq(backgroundJobs.id, job.id));
    expect(stored.has((jobRow.params as { inputFileKey: string }).inputFileKey)).toBe(false);
    expect(stored.has(jobRow.fileKey!)).toBe(true);

    const leads = await leadsOf(selfOnly.tenantId!, prefix);
    expect(leads.map((l) => l.name).sort()).toEqual(
      [`${prefix}甲`, `${prefix}乙`, `${prefix}同名企业有限公司`].sort(),
    );
    for (const l of leads)
      expect(l).toMatchObject({ source: '批量导入', ownerUserId: selfOnly.userId });
    const yi = leads.find((l) => l.name === `${prefix}乙`)!;
    expect(yi).toMatchObject({ enterpriseId: ent.id, creditCode: ent.uncid, cityCode: '350200' });
    expect(leads.find((l) => l.name.endsWith('同名企业有限公司'))!.enterpriseId).toBe(byName.id);
    expect(leads.find((l) => l.name === `${prefix}甲`)!.contactMobile).toBe('13800138000');

    // The failures file: row number, the values as uploaded, the reason.
    const fail = await callContract(
      exportClueImportFailures,
      { body: { jobId: job.id } },
      as(selfOnly),
    );
    expect(fail.status).toBe(200);
    const sheet = await readSheet(await fail.res.arrayBuffer());
    expect(sheet[0]).toEqual(['行号', ...HEADERS, '失败原因']);
    const byRow = new Map(sheet.slice(1).map((r) => [r[0], r]));
    expect([...byRow.keys()].sort()).toEqual(['5', '6', '7', '8', '9']);
    expect(byRow.get('5')!.at(-1)).toBe(M.nameRequired);
    expect(byRow.get('5')![3]).toBe('无名');
    expect(byRow.get('6')!.at(-1)).toBe(`手机号：${VALIDATION_MESSAGES.mobileInvalid}`);
    expect(byRow.get('7')!.at(-1)).toBe(`统一社会信用代码：${CLUE_MESSAGES.creditCodeInvalid}`);
    expect(byRow.get('8')!.at(-1)).toBe(`邮箱：${VALIDATION_MESSAGES.emailInvalid}`);
    expect(byRow.get('9')!.at(-1)).toBe(`网址：${VALIDATION_MESSAGES.linkInvalid}`);

    // The same file again (and as CSV): nothing new.
    const again = await finished(selfOnly, (await upload(selfOnly, file)).data.id);
    expect(again.result).toEqual({ total: 9, imported: 0, skipped: 4, failed: 5 });
    const csv = [HEADERS.join(','), ...rows.map((r) => r.map(String).join(','))].join('\r\n');
    const asCsv = await upload(selfOnly, Buffer.from(`\uFEFF${csv}`), '线索.csv');
    expect(asCsv.code === 200 ? 200 : asCsv.msg).toBe(200);
    expect((await finished(selfOnly, asCsv.data.id)).result).toEqual({
      total: 9,
      imported: 0,
      skipped: 4,
      failed: 5,
    });
    expect(await leadsOf(selfOnly.tenantId!, prefix)).toHaveLength(3);

    // A lead of the linked company made by hand blocks it in another file too.
    const other = await workbook([[`${prefix}别名`, ent.uncid]]);
    expect((await finished(admin, (await upload(admin, other)).data.id)).result).toMatchObject({
      imported: 0,
      skipped: 1,
    });

    // The failures file is the owner's only; an export job has none.
    const stranger = await callContract(
      exportClueImportFailures,
      { body: { jobId: job.id } },
      as(colleague),
    );
    expect(stranger.code).toBe(404);
  });
});

describe('an import interrupted mid-way', () => {
  it('resumes from its last committed step and imports every row exactly once', async () => {
    const prefix = `续传${tag}`;
    const n = 12_000;
    const rows = Array.from({ length: n }, (_, i) => [
      `${prefix}-${i}`,
      '',
      '',
      `138${String(i).padStart(8, '0')}`,
    ]);
    const r = await upload(admin, await workbook(rows));
    expect(r.code === 200 ? 200 : r.msg).toBe(200);
    const id = r.data.id;
    const row = async () =>
      (await getDb().select().from(backgroundJobs).where(eq(backgroundJobs.id, id)))[0];
    const deadline = Date.now() + 60_000;
    while ((await row()).processed < 1000) {
      if (Date.now() > deadline) throw new Error('import made no progress');
      await new Promise((res) => setTimeout(res, 20));
    }
    // Another attempt takes the job over (as after a crash): the first worker can commit nothing
    // more and stops; the job stops beating, and the sweeper resumes it from its checkpoint.
    await getDb()
      .update(backgroundJobs)
      .set({ attempt: sql`${backgroundJobs.attempt} + 1`, dispatchId: 'taken-over' })
      .where(eq(backgroundJobs.id, id));
    const atTakeOver = (await row()).processed;
    expect(atTakeOver).toBeLessThan(n);
    const job = await finished(admin, id, 120_000);
    expect(job.status).toBe('succeeded');
    expect((await row()).attempt).toBeGreaterThanOrEqual(3);
    // A step done twice would show as skipped rows (their keys already taken).
    expect(job.result).toEqual({ total: n, imported: n, skipped: 0, failed: 0 });
    const leads = await leadsOf(admin.tenantId!, prefix);
    expect(leads).toHaveLength(n);
    expect(new Set(leads.map((l) => l.name)).size).toBe(n);
  }, 180_000);
});

describe('export', () => {
  it('exports the filtered set under the data scope into the download centre', async () => {
    const prefix = `导出${tag}`;
    for (const [u, n] of [
      [selfOnly, 3],
      [colleague, 2],
    ] as const)
      for (let i = 0; i < n; i += 1) {
        const c = await callContract(
          createClue,
          { body: { name: `${prefix}${u.userId}-${i}`, contactMobile: '13700001111' } },
          as(u),
        );
        expect(c.code).toBe(200);
      }
    const run = async (u: TestUser) => {
      const r = await callContract(exportClues, { body: { keyword: prefix } }, as(u));
      expect(r.code === 200 ? 200 : r.msg).toBe(200);
      const job = await finished(u, r.data.id);
      expect(job).toMatchObject({
        status: 'succeeded',
        fileName: expect.stringMatching(/^线索导出（\d+条线索）_\d{8}-\d{4}\.xlsx$/),
      });
      const file = await callContract(downloadJobFile, { query: { id: job.id } }, as(u));
      return { job, sheet: await readSheet(await file.res.arrayBuffer()) };
    };
    const mine = await run(selfOnly);
    expect(mine.job.result).toEqual({ rows: 3 });
    expect(mine.sheet[0][0]).toBe('线索名称');
    expect(
      mine.sheet
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([0, 1, 2].map((i) => `${prefix}${selfOnly.userId}-${i}`).sort());
    expect(mine.sheet[1]).toContain('13700001111');
    const all = await run(admin);
    expect(all.job.result).toEqual({ rows: 5 });

    // The export permission is required.
    const plain = await createTestUser({ tenantId: admin.tenantId!, roleCodes: ['nobody'] });
    expect((await callContract(exportClues, { body: {} }, as(plain))).code).toBe(403);
    // export-fail refuses a job that is not an import.
    const wrong = await callContract(
      exportClueImportFailures,
      { body: { jobId: all.job.id } },
      as(admin),
    );
    expect(wrong.msg).toBe(M.notImportJob);
  });
});
