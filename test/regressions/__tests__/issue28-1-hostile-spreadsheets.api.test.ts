import { and, eq, like } from 'drizzle-orm';
import { clues } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import {
  CLUE_IO_MESSAGES as M,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
} from '@/lib/shared/clue-io/clue-io.constants';
import { importClues } from '@/lib/shared/clue-io/clue-io.contract';
import type { JobView } from '@/lib/shared/jobs/job.types';
import { getJob } from '@/lib/shared/jobs/job.contract';
import { startJobRunner, type JobRunner } from '@/lib/server/platform/jobs/job-runner';
import { clueImportJob } from '@/lib/server/crm/clue-io/clue-import';
import { xlsxRows } from '@/lib/server/crm/clue-io/spreadsheet';
import { callApi, callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { installMemoryFileStorage } from '@/test/helpers/memory-storage';
import { withLoopProbe } from '../event-loop-probe';
import {
  farColumn,
  manyRows,
  notZips,
  sharedStringsBomb,
  unclosedRow,
  zipBomb,
} from '../hostile-files';

/**
 * Issue 28 item 1 (severity high), hostile spreadsheets: a member of a self-registered free
 * company uploads a lead import built to hurt the server. Each one gets a clear Chinese message
 * (or, for a far column, the bounded result), the process lives on, and its event loop — what
 * answers /api/health and every other request — is never held for more than a second.
 */

installMemoryFileStorage();
jest.setTimeout(120_000);

const tag = `${process.pid}${Math.floor(Math.random() * 1e5)}`;
const HEADERS = IMPORT_COLUMNS.map((c) => c.header);
const MAX_LAG_MS = 1000;

let runner: JobRunner;
let member: TestUser;

async function upload(data: Buffer, name = '线索.xlsx') {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(data)], name));
  return callApi<JobView>(importClues.method, importClues.path, {
    token: member.accessToken,
    tenantId: member.tenantId,
    form,
  });
}

async function finished(id: number, ms = 60_000): Promise<JobView> {
  const deadline = Date.now() + ms;
  for (;;) {
    const r = await callContract(
      getJob,
      { query: { id } },
      { token: member.accessToken, tenantId: member.tenantId },
    );
    const job = r.data;
    if (job && ['succeeded', 'failed', 'cancelled'].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} did not finish: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const leadsNamed = (prefix: string) =>
  getDb()
    .select()
    .from(clues)
    .where(and(eq(clues.tenantId, member.tenantId!), like(clues.name, `${prefix}%`)));

beforeAll(async () => {
  runner = await startJobRunner({
    connectionString: process.env.DATABASE_URL!,
    kinds: [clueImportJob],
    pollingIntervalSeconds: 0.5,
    staleAfterSeconds: 5,
    sweepIntervalSeconds: 1,
    log: () => undefined,
  });
  // A self-registered free company (edition 0): its administrator may import leads.
  member = await createTestUser({
    roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
    edition: 0,
  });
});
afterAll(() => runner.stop());

describe('hostile spreadsheets (issue 28, item 1)', () => {
  it('ignores a cell at column ZZZZZZ instead of padding a row to 321 million cells', async () => {
    const name = `远列公司${tag}`;
    const file = farColumn(name);
    expect(file.length).toBeLessThan(2048);
    const { value: r, lagMs } = await withLoopProbe(() => upload(file, '远列.xlsx'));
    expect({ code: r.code, msg: r.msg }).toEqual({ code: 200, msg: expect.anything() });
    expect(lagMs).toBeLessThan(MAX_LAG_MS);
    // The background job reads it the same way and imports the lead, columns A–J only.
    const job = await finished(r.data!.id);
    expect(job.status).toBe('succeeded');
    expect((await leadsNamed(name)).map((l) => l.name)).toEqual([name]);
    const rows = [];
    for await (const row of xlsxRows(file)) rows.push(row);
    expect(rows.map((row) => row.cells)).toEqual([HEADERS, [name]]);
  });

  const refused: [string, () => Buffer, string][] = [
    ['100 MB of shared strings from a few hundred KB', () => sharedStringsBomb(100), M.tooComplex],
    ['a row that never closes (30 MB inside one <row>)', () => unclosedRow(30), M.tooComplex],
    ['a classic zip bomb (1 GB of spaces in the sheet)', () => zipBomb(1024), M.tooComplex],
    ['1,100,000 rows', () => manyRows(1_100_000), M.tooManyRows],
    ['2,000,000 blank rows', () => manyRows(2_000_000, true), M.tooManyRows],
  ];
  it.each(refused)('refuses %s with a message, the loop free', async (_, make, message) => {
    const file = make();
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    const { value: r, lagMs, ms } = await withLoopProbe(() => upload(file));
    expect({ code: r.code, msg: r.msg }).toEqual({ code: 400, msg: message });
    expect(lagMs).toBeLessThan(MAX_LAG_MS);
    expect(ms).toBeLessThan(30_000);
  });

  it('refuses files that are not zips although named .xlsx', async () => {
    const expected = [M.notSpreadsheet, M.notSpreadsheet, M.unreadable, M.unreadable];
    const got = [];
    for (const [data, name] of notZips()) {
      const { value: r, lagMs } = await withLoopProbe(() => upload(data, name));
      expect(lagMs).toBeLessThan(MAX_LAG_MS);
      got.push(r.msg);
    }
    expect(got).toEqual(expected);
  });

  it('reads a CSV row of a million commas as a lead with columns A–J, the loop free', async () => {
    const name = `逗号公司${tag}`;
    const csv = Buffer.from(`${HEADERS.join(',')}\n${name}${','.repeat(1_000_000)}尾\n`);
    const { value: r, lagMs } = await withLoopProbe(() => upload(csv, '逗号.csv'));
    expect({ code: r.code, lagOk: lagMs < MAX_LAG_MS }).toEqual({ code: 200, lagOk: true });
    expect((await finished(r.data!.id)).status).toBe('succeeded');
    expect((await leadsNamed(name)).map((l) => l.name)).toEqual([name]);
  });

  it('still imports an ordinary file, and refuses one row too many as before', async () => {
    const prefix = `正常公司${tag}-`;
    const lines = [HEADERS.join(',')];
    for (let i = 0; i < 1000; i += 1) lines.push(`${prefix}${i},,张三,${13800000000 + i}`);
    lines.push(`${prefix}坏,,李四,12345`);
    const r = await upload(Buffer.from(lines.join('\n')), '正常.csv');
    expect(r.code).toBe(200);
    const job = await finished(r.data!.id);
    expect(job.result).toMatchObject({ total: 1001, imported: 1000, failed: 1 });
    const over = Buffer.from(`${HEADERS.join(',')}\n${'某公司\n'.repeat(IMPORT_MAX_ROWS + 1)}`);
    expect((await upload(over, '太多.csv')).msg).toBe(M.tooManyRows);
  });
});
