/**
 * 数据中心's benchmark (issue 29 item 3: duplicate detection ≤ 2 s at 100,000 leads in one
 * tenant), run by `npm run bench:crm -- --data-center` on bench:crm's tenant and leads. Seeds once
 * 2,000 duplicates by name (a typed-in lead's name with a blank and full-width brackets) and 1,000
 * by credit code (a linked lead's code in lower case), then times the quality counts and the first
 * page of each kind of duplicate group for the three callers, and the overview.
 */
import type { Pool } from 'pg';
import type { BenchCall, BenchCase, BenchWho } from './crm-team';
import { timeCases } from './crm-team';

const MARK = '压测重复';

export async function dataCenterBench(opts: {
  pool: Pool;
  tenantId: number;
  who: BenchWho;
  call: BenchCall;
  iterations: number;
  unbounded: (q: string) => Promise<unknown>;
}): Promise<void> {
  const { pool, tenantId } = opts;
  const { rows } = await pool.query<{ n: string }>(
    `select count(*)::text n from clues where tenant_id = $1 and contact_name = $2`,
    [tenantId, MARK],
  );
  if (Number(rows[0].n) === 0) {
    console.log('seeding 3,000 duplicate leads …');
    const copy = (name: string, credit: string, where: string, limit: number) =>
      pool.query(
        `insert into clues (tenant_id, name, credit_code, owner_user_id, creator_user_id, source,
           contact_name, created_at, updated_at)
         select tenant_id, ${name}, ${credit}, owner_user_id, owner_user_id, '手动录入', $2, now(), now()
         from clues where tenant_id = $1 and deleted_at is null and ${where}
         order by id limit ${limit}`,
        [tenantId, MARK],
      );
    await copy(
      `replace(replace(name, '（', ' ('), '）', ')')`,
      'credit_code',
      `enterprise_id is null and id % 7 = 0`,
      2000,
    );
    await copy(
      `name || '分公司'`,
      'lower(credit_code)',
      `credit_code is not null and id % 5 = 0`,
      1000,
    );
    await opts.unbounded('vacuum analyze clues');
  }
  const cases: BenchCase[] = [
    ['数据质量（管理员，全部）', 'admin', 'GET', '/szjk/data-center/quality'],
    ['数据质量（本部门）', 'dept', 'GET', '/szjk/data-center/quality'],
    ['数据质量（仅本人）', 'self', 'GET', '/szjk/data-center/quality'],
    [
      '重复线索 信用代码 第 1 页（管理员）',
      'admin',
      'POST',
      '/szjk/data-center/duplicate-page',
      { key: 'creditCode', pageSize: 5 },
    ],
    [
      '重复线索 名称 第 1 页（管理员）',
      'admin',
      'POST',
      '/szjk/data-center/duplicate-page',
      { key: 'name', pageSize: 5 },
    ],
    [
      '重复线索 名称 第 1 页（仅本人）',
      'self',
      'POST',
      '/szjk/data-center/duplicate-page',
      { key: 'name', pageSize: 5 },
    ],
    ['资产与趋势（管理员）', 'admin', 'GET', '/szjk/data-center/overview'],
    ['资产与趋势（仅本人）', 'self', 'GET', '/szjk/data-center/overview'],
    [
      '无联系方式 第 1 页（管理员）',
      'admin',
      'POST',
      '/szjk/data-center/issue-page',
      { kind: 'noContact', pageSize: 10 },
    ],
  ];
  await timeCases(cases, opts.who, opts.call, opts.iterations, (data) => {
    const d = data as {
      total?: number;
      duplicates?: { creditCode: { groups: number }; name: { groups: number } };
    };
    return d.duplicates ? d.duplicates.creditCode.groups + d.duplicates.name.groups : d.total;
  });
}
