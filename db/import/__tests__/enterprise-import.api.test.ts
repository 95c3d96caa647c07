import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { getPool } from '@/lib/server/platform/db';
import { getEnterpriseDetail } from '@/lib/server/enterprise/enterprise.service';
import { searchEnterprises } from '@/lib/server/search';
import { enterpriseSearchQuerySchema } from '@/lib/shared/search/query';
import { generateUncid } from '@/lib/shared/enterprise/uncid';
import { killChild, startChild } from '@/test/kill/kill-harness';
import { COMPANY_COLUMNS } from '../enterprise-columns';
import { ImportFileError, importEnterprises } from '../enterprise-import';
import { writeSampleFiles } from '../sample-files';
import { seedIfEmpty } from '../../seed/first-start';

/**
 * npm run import:enterprises (issue 37 item 1, ADR 0212) against the real database: a valid
 * import replaces the demo companies and shows up in search and on the company page; a re-import
 * changes nothing; a changed row bumps only its page version; hostile files are refused with a
 * clear message and nothing applied; bad rows land in the rejects file by row; a killed import
 * finishes on the rerun with every row once.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enterprise-import-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const q = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await getPool().query<T>(sql, params)).rows;
const count = async (table: string) =>
  Number((await q<{ n: string }>(`select count(*) as n from ${table}`))[0].n);
const versions = async () =>
  new Map(
    (
      await q<{ uncid: string; version: string }>(
        `select e.uncid, coalesce(v.version, 0) as version from enterprises e
           left join enterprise_page_versions v on v.enterprise_id = e.id`,
      )
    ).map((r) => [r.uncid, Number(r.version)]),
  );

function write(name: string, text: string | Buffer): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
}

const HEADER = COMPANY_COLUMNS.map((c) => c.key).join(',');
/** A CSV company row with the required columns and the rest empty unless given. */
function row(values: Record<string, string>): string {
  return COMPANY_COLUMNS.map((c) => {
    const v = values[c.key] ?? '';
    return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  }).join(',');
}
const code = (n: number) =>
  generateUncid({
    authority: '9',
    kind: '1',
    regionCode: '350203',
    orgCode: `MA${String(n).padStart(6, '0')}`,
  });
const company = (n: number, extra: Record<string, string> = {}) => ({
  credit_code: code(n),
  name: `导入测试${n}号科技有限公司`,
  org_type: '有限责任公司',
  status: '存续',
  legal_person: '林导入',
  ...extra,
});

let sample: string[];

describe('import:enterprises', () => {
  it('imports a gzip CSV with its child files: demo replaced, searchable, on the company page', async () => {
    sample = await writeSampleFiles({ dir: path.join(dir, 'a'), count: 40, seed: 7 });
    expect(await count('enterprises')).toBeGreaterThan(40); // the template's demo companies
    const r = await importEnterprises(getPool(), { files: sample });
    expect(r).toMatchObject({ inserted: 40, updated: 0, rejected: 0, demoReplaced: true });
    expect(await count('enterprises')).toBe(40);
    expect(await count('enterprise_search_texts')).toBe(40);
    const [first] = await q<{ uncid: string; name: string; id: string }>(
      `select uncid, name, id from enterprises order by weight desc limit 1`,
    );
    const detail = await getEnterpriseDetail({ uncid: first.uncid });
    expect(detail?.header.name).toBe(first.name);
    const found = await searchEnterprises(
      enterpriseSearchQuerySchema.parse({ keyword: first.name, pageSize: 10 }),
      { maxResults: 100 },
    );
    expect(found.list.map((h) => h.id)).toContain(Number(first.id));
    expect(await count('enterprise_shareholders')).toBeGreaterThan(0);
    // Demo data stays off: the first-start seeding sees the finished import.
    expect((await q(`select 1 from enterprise_import_runs where status = 'done'`)).length).toBe(1);
  });

  it('re-imports the same files as a no-op: nothing written, no page version bumped', async () => {
    const before = await versions();
    const shareholders = await q(`select * from enterprise_shareholders order by id`);
    const r = await importEnterprises(getPool(), { files: sample });
    expect(r).toMatchObject({ inserted: 0, updated: 0, unchanged: 40, demoReplaced: false });
    expect(await versions()).toEqual(before);
    expect(await q(`select * from enterprise_shareholders order by id`)).toEqual(shareholders);
  });

  it('updates changed companies only and bumps their page versions; children left alone', async () => {
    const before = await versions();
    const shareholders = await count('enterprise_shareholders');
    const [changed] = await writeSampleFiles({
      dir: path.join(dir, 'b'),
      count: 40,
      seed: 7,
      changeEvery: 10,
      companiesOnly: true,
    });
    const r = await importEnterprises(getPool(), { files: [changed] });
    expect(r).toMatchObject({ inserted: 0, updated: 4, unchanged: 36 });
    const after = await versions();
    const bumped = [...after].filter(([uncid, v]) => v !== before.get(uncid));
    expect(bumped).toHaveLength(4);
    expect(
      await q(`select 1 from enterprises where address like '%（新址）'`).then((x) => x.length),
    ).toBe(4);
    expect(await count('enterprise_shareholders')).toBe(shareholders);
  });

  it('writes bad rows to the rejects file with row numbers and reasons; loads the rest', async () => {
    const file = write(
      'bad.csv',
      [
        `\uFEFF${HEADER}`,
        row(company(1)),
        row(company(2, { credit_code: '91350203MA00000000' })),
        row(company(3, { name: '' })),
        row(company(4, { establish_date: '2024-02-30' })),
        row(company(5, { province_code: '990000' })),
        row(company(1, { name: '重复的一行' })),
        `${code(6)},缺列的行`,
        row(company(7, { reg_capital: '一百万' })),
        row(company(8, { business_scope: '经营范围, 含 "引号"\n和换行' })),
      ].join('\r\n'),
    );
    const r = await importEnterprises(getPool(), { files: [file] });
    expect(r).toMatchObject({ inserted: 2, rejected: 7 });
    const rejects = fs.readFileSync(r.rejectsPath!, 'utf8');
    const lines = rejects.trim().split('\n').slice(1);
    expect(lines.map((l) => Number(l.split(',')[1]))).toEqual([3, 4, 5, 6, 7, 8, 9]);
    for (const reason of [
      '不是有效的统一社会信用代码',
      '缺少必填字段 name',
      'establish_date 不是有效日期',
      'province_code 不是已知的行政区划码',
      '在本次导入中重复',
      '列数为 2',
      'reg_capital 不是数字',
    ])
      expect(rejects).toContain(reason);
    const [scope] = await q<{ business_scope: string }>(
      `select business_scope from enterprises where uncid = $1`,
      [code(8)],
    );
    expect(scope.business_scope).toBe('经营范围, 含 "引号"\n和换行');
  });

  it('imports JSONL with nested child arrays', async () => {
    const file = write(
      'nested.jsonl',
      [
        JSON.stringify({
          ...company(20),
          tags: ['高新技术企业'],
          reg_capital: 500,
          shareholders: [{ holder_name: '林导入', holder_type: '自然人', ratio: 100 }],
          people: [{ name: '林导入', roles: ['执行董事', '经理'] }],
        }),
        JSON.stringify({ ...company(21), people: [{ roles: ['监事'] }] }),
        '{not json',
      ].join('\n'),
    );
    const r = await importEnterprises(getPool(), { files: [file] });
    expect(r).toMatchObject({ inserted: 1, rejected: 2 });
    const [e] = await q<{ id: string; tags: string[] }>(
      `select id, tags from enterprises where uncid = $1`,
      [code(20)],
    );
    expect(e.tags).toEqual(['高新技术企业']);
    expect(
      await q(`select name, roles from enterprise_people where enterprise_id = $1`, [e.id]),
    ).toEqual([{ name: '林导入', roles: ['执行董事', '经理'] }]);
    const rejects = fs.readFileSync(r.rejectsPath!, 'utf8');
    expect(rejects).toContain('people[0]：缺少必填字段 name');
    expect(rejects).toContain('不是有效的 JSON');
  });

  describe('hostile files: a clear message, nothing applied', () => {
    let before: number;
    let runs: number;
    beforeEach(async () => {
      before = await count('enterprises');
      runs = await count(`enterprise_import_runs where status = 'done'`);
    });
    afterEach(async () => {
      expect(await count('enterprises')).toBe(before);
      expect(await count(`enterprise_import_runs where status = 'done'`)).toBe(runs);
    });
    const refused = (files: string[]) =>
      importEnterprises(getPool(), { files }).then(
        () => {
          throw new Error('accepted');
        },
        (err: Error) => {
          expect(err).toBeInstanceOf(ImportFileError);
          return err.message;
        },
      );

    it('GBK bytes', async () => {
      const gbk = Buffer.concat([
        Buffer.from(`${HEADER}\n${row(company(30))}\n`),
        // 企业 in GBK
        Buffer.from([0xc6, 0xf3, 0xd2, 0xb5]),
        Buffer.from(`\n`),
      ]);
      expect(await refused([write('gbk.csv', gbk)])).toMatch(/第 3 行附近不是 UTF-8 编码.*GBK/);
    });

    it('a missing required column, before any write', async () => {
      const staged = await count('enterprise_import_runs');
      const file = write('nocol.csv', `credit_code,name\n${code(31)},某公司\n`);
      expect(await refused([file])).toContain('缺少必填列 org_type、status、legal_person');
      expect(await count('enterprise_import_runs')).toBe(staged);
    });

    it('a 10 MB line in CSV (refused with its row) and in JSONL (that line rejected)', async () => {
      const long = 'x'.repeat(10 * 1024 * 1024);
      const csv = write(
        'long.csv',
        `${HEADER}\n${row(company(32))}\n${row(company(33, { address: long }))}\n`,
      );
      expect(await refused([csv])).toContain('第 3 行超过 1 MB 上限');
      const jsonl = write(
        'long.jsonl',
        `${JSON.stringify({ ...company(34), address: long })}\n${JSON.stringify(company(35))}\n`,
      );
      const r = await importEnterprises(getPool(), { files: [jsonl] });
      expect(r).toMatchObject({ inserted: 1, rejected: 1 });
      expect(fs.readFileSync(r.rejectsPath!, 'utf8')).toContain('long.jsonl,1,该行超过 1 MB 上限');
      before += 1;
      runs += 1;
    });

    it('broken gzip', async () => {
      const rows = Array.from({ length: 3000 }, (_, i) => row(company(1000 + i)));
      const gz = zlib.gzipSync(`${HEADER}\n${rows.join('\n')}\n`);
      const file = write('broken.csv.gz', gz.subarray(0, Math.floor(gz.length / 2)));
      expect(await refused([file])).toContain('gzip 文件损坏或不完整');
      expect(await count('enterprise_import_stage')).toBe(0);
    });
  });

  it.each(['import.batch.committed#2', 'import.merge.before-commit'])(
    'finishes a run killed at %s on the rerun, every row once',
    async (point) => {
      const files = await writeSampleFiles({
        dir: path.join(dir, point.replace(/[#.]/g, '-')),
        count: 60,
        seed: point.length,
        gzip: false,
      });
      const before = await count('enterprises');
      const child = startChild(['import', '25', ...files], { FAULT_KILL_AT: point });
      const killed = await killChild(child, { kind: 'import', run: 0, delayMs: null, point });
      expect(killed).toBe(true);
      expect(await count('enterprises')).toBe(before);
      const r = await importEnterprises(getPool(), { files, batchSize: 25 });
      expect(r.resumed).toBe(true);
      expect(r.inserted).toBe(60);
      expect(await count('enterprises')).toBe(before + 60);
      const [dupes] = await q<{ n: string }>(
        `select count(*) as n from (select uncid from enterprises group by 1 having count(*) > 1) x`,
      );
      expect(Number(dupes.n)).toBe(0);
    },
  );

  // Last: it empties the company table.
  it('keeps demo data off after an import, even when the company table is emptied', async () => {
    await getPool().query('delete from enterprises');
    const lines: unknown[] = [];
    await seedIfEmpty(30, (...a) => lines.push(a));
    expect(await count('enterprises')).toBe(0);
    expect(lines).toEqual([]);
  });
});
