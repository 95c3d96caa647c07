/**
 * `npm run bench:crm -- --io`: lead import and export of 100,000 rows as background jobs (issue 14
 * goals: import ≤ 60 s, export ≤ 30 s with the process's RSS growing < 150 MB), through the API
 * root and a job runner in this process. Called by crm.ts once the tenant is seeded.
 */
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import type { BenchDatabase } from './bench-db';

type Ctx = {
  tenantId: number;
  token: string;
  rows: number;
  db: BenchDatabase;
  dispatchApi: (req: Request) => Promise<Response>;
};

async function xlsxOf(rows: number, prefix: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const ws = wb.addWorksheet('线索');
  ws.addRow([
    '线索名称',
    '统一社会信用代码',
    '联系人',
    '手机号',
    '座机',
    '邮箱',
    '网址',
    '微信号',
    '地址',
    '备注',
  ]).commit();
  for (let i = 0; i < rows; i++)
    ws.addRow([
      `${prefix}${i}号客户有限公司`,
      '',
      '王经理',
      `15${String(i).padStart(9, '0')}`,
      '',
      i % 2 ? `c${i}@example.com` : '',
      '',
      '',
      '福建省厦门市思明区',
      i % 100 === 0 ? '展会' : '',
    ]).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

export async function ioBench(ctx: Ctx) {
  const { startJobRunner } = await import('@/lib/server/platform/jobs/job-runner');
  const { JOB_KINDS } = await import('@/lib/server/edge/jobs/kinds');
  const runner = await startJobRunner({
    connectionString: process.env.DATABASE_URL!,
    kinds: JOB_KINDS,
    pollingIntervalSeconds: 0.5,
    log: () => undefined,
  });
  const headers = (json: boolean): Record<string, string> => ({
    authorization: `Bearer ${ctx.token}`,
    'tenant-id': String(ctx.tenantId),
    'x-leadradar-client-ip': '127.0.0.1',
    ...(json ? { 'content-type': 'application/json' } : {}),
  });
  const send = async (p: string, body: BodyInit, json: boolean) => {
    const res = await ctx.dispatchApi(
      new Request(`http://localhost/admin-api${p}`, {
        method: 'POST',
        headers: headers(json),
        body,
      }),
    );
    const r = (await res.json()) as { code: number; msg: string; data: { id: number } };
    if (r.code !== 200) throw new Error(`${p}: ${r.code} ${r.msg}`);
    return r.data;
  };
  const wait = async (id: number) => {
    for (;;) {
      const { rows } = await ctx.db.pool.query<{ status: string; result: unknown; error: string }>(
        'select status, result, error from background_jobs where id = $1',
        [id],
      );
      if (['succeeded', 'failed', 'cancelled'].includes(rows[0].status)) return rows[0];
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  /** Runs `work`, sampling RSS every 50 ms: seconds and the peak growth over the start in MB. */
  const measure = async <T>(work: () => Promise<T>) => {
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const t0 = performance.now();
    const value = await work();
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(timer);
    return { value, seconds, growthMb: (peak - base) / 1024 / 1024 };
  };

  const prefix = `导入压测${Date.now() % 100000}-`;
  const file = await xlsxOf(ctx.rows, prefix);
  console.log(`import file: ${ctx.rows} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB`);
  const imp = await measure(async () => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(file)], '压测.xlsx'));
    const job = await send('/szjk/clue/import', form, false);
    return wait(job.id);
  });
  console.log(
    `| 导入 ${ctx.rows} 行（上传校验 + 任务） | ${imp.seconds.toFixed(1)} s | RSS +${imp.growthMb.toFixed(0)} MB | ${JSON.stringify(imp.value.result ?? imp.value.error)} |`,
  );
  // Leave the tenant as it was: the imported rows go again.
  await ctx.db.pool.query(`delete from clues where tenant_id = $1 and name like $2`, [
    ctx.tenantId,
    `${prefix}%`,
  ]);
  await ctx.db.unbounded('vacuum analyze clues');

  const exp = await measure(async () => {
    const job = await send('/szjk/clue/export', JSON.stringify({}), true);
    return wait(job.id);
  });
  console.log(
    `| 导出全部（${JSON.stringify(exp.value.result ?? exp.value.error)}） | ${exp.seconds.toFixed(1)} s | RSS +${exp.growthMb.toFixed(0)} MB | |`,
  );
  await runner.stop();
}
