import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getPool } from '@/lib/server/platform/db';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { financeProjectGet } from '@/lib/shared/finance/finance.contract';
import { callContract } from '@/test/helpers/api';
import { importFinanceFile, MAX_LINE_CHARS, splitCsvLine } from '../finance-import';

/** npm run import:finance (issue 32 item 2): bounded parsing, Chinese errors per bad row. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-import-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
}

let target: { id: number; uncid: string };
beforeAll(async () => {
  target = await plantEnterprise({ name: '导入融资测试企业有限公司' });
});

describe('import:finance', () => {
  it('splits CSV cells with quotes', () => {
    expect(splitCsvLine('a,"b, c","d ""e"""')).toEqual(['a', 'b, c', 'd "e"']);
  });

  it('loads good CSV rows, reports each bad row by line, and is idempotent', async () => {
    const csv = file(
      'events.csv',
      [
        '\uFEFFuncid,round,date,amount,investors',
        `${target.uncid},A轮,2024-03-01,5000万人民币,导入测试资本、导入测试创投`,
        `${target.uncid},B轮,2025/01/01,1亿人民币,导入测试资本`,
        `91350200MA00000000,C轮,2025-01-01,,`,
        `${target.uncid},,2025-02-01,,`,
        `91110000MA01ABCD1X,天使轮,2020-01-01,,某机构`,
      ].join('\n'),
    );
    const r = await importFinanceFile(getPool(), csv);
    expect(r.rows).toBe(5);
    expect(r.inserted).toBe(1);
    expect(r.errorCount).toBe(4);
    expect(r.errors.map((e) => e.line)).toEqual([3, 4, 5, 6]);
    expect(r.errors[0].message).toContain('融资日期格式应为 YYYY-MM-DD');
    expect(r.errors[1].message).toMatch(/统一社会信用代码/);
    expect(r.errors[2].message).toContain('缺少融资轮次');
    // The event is on the company page and the project page at once.
    const p = await callContract(financeProjectGet, { query: { uncid: target.uncid } });
    expect(p.data.events.map((e) => [e.round, e.amount])).toEqual([['A轮', '5000万人民币']]);
    expect(p.data.events[0].investors.map((i) => i.name)).toEqual(['导入测试资本', '导入测试创投']);
    expect(p.data.events[0].investors.every((i) => i.id !== null)).toBe(true);
    // Again, with a new amount: updated, not doubled.
    const jsonl = file(
      'events.jsonl',
      `${JSON.stringify({ uncid: target.uncid, round: 'A轮', date: '2024-03-01', amount: '6000万人民币', investors: ['导入测试资本'] })}\n{bad json\n`,
    );
    const again = await importFinanceFile(getPool(), jsonl);
    expect(again).toMatchObject({ rows: 2, inserted: 0, updated: 1, errorCount: 1 });
    expect(again.errors[0]).toEqual({ line: 2, message: '不是有效的 JSON' });
    const { rows } = await getPool().query<{ n: number }>(
      'select count(*)::int n from enterprise_financing where enterprise_id = $1',
      [target.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses an over-long line, too many rows and a file over the size limit', async () => {
    const long = file('long.jsonl', `${'x'.repeat(MAX_LINE_CHARS + 1)}\n`);
    const r = await importFinanceFile(getPool(), long);
    expect(r.errors[0].message).toContain('行过长');
    const many = file('many.csv', `uncid,round,date\n${'a,b,c\n'.repeat(5)}`);
    await expect(importFinanceFile(getPool(), many, { maxRows: 3 })).rejects.toThrow(
      '行数超过上限 3',
    );
    await expect(importFinanceFile(getPool(), many, { maxBytes: 10 })).rejects.toThrow('文件过大');
    const header = file('header.csv', 'uncid,amount\n');
    await expect(importFinanceFile(getPool(), header)).rejects.toThrow('表头缺少列：round、date');
  });
});
