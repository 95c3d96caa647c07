/**
 * What the CRM benchmarks (bench:crm, bench:pipeline) share: their command line, a bench tenant
 * with 30 members in three departments (member 0 a tenant administrator, member 1 本部门, the rest
 * 仅本人), calls through the API root in process as those members, and the timing table.
 */
import { performance } from 'node:perf_hooks';
import type { Pool } from 'pg';
import { benchApi } from './bench-api';

/** `--name value` from the command line, or `dflt`. */
export function benchArg(name: string, dflt: string): string {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
}

/** Whether the flag `name` is on the command line. */
export const benchFlag = (name: string) => process.argv.slice(2).includes(name);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export type BenchTeamOptions = {
  /** The tenant's name (found again on later runs). */
  tenant: string;
  /** Prefix of the custom role codes (`<prefix>_self`, `<prefix>_dept`) and the usernames. */
  prefix: string;
  /** Permission prefixes (`szjk:clue:`) of the menus the custom roles hold. */
  permissions: readonly string[];
};

/** The bench tenant and its members' ids (oldest first), created on the first run. */
export async function benchTeam(
  pool: Pool,
  opts: BenchTeamOptions,
): Promise<{ tenantId: number; ids: number[] }> {
  let tenant = await pool.query<{ id: string }>(`select id from tenants where name = $1`, [
    opts.tenant,
  ]);
  if (!tenant.rowCount) {
    tenant = await pool.query(`insert into tenants (name, edition) values ($1, 4) returning id`, [
      opts.tenant,
    ]);
  }
  const tenantId = Number(tenant.rows[0].id);
  const patterns = opts.permissions.map((p) => `${p}%`);
  const roleId = async (code: string, dataScope?: number) => {
    const found = await pool.query<{ id: string }>(
      `select id from roles where code = $1 and tenant_id is null`,
      [code],
    );
    if (found.rowCount) return Number(found.rows[0].id);
    const made = await pool.query<{ id: string }>(
      `insert into roles (code, name, data_scope) values ($1, $1, $2) returning id`,
      [code, dataScope ?? 1],
    );
    await pool.query(
      `insert into role_menus (role_id, menu_id) select $1, id from menus
       where permission like any($2::text[])`,
      [made.rows[0].id, patterns],
    );
    return Number(made.rows[0].id);
  };
  let members = await pool.query<{ id: string }>(
    `select id from users where tenant_id = $1 order by id`,
    [tenantId],
  );
  if (members.rowCount === 0) {
    const depts: number[] = [];
    for (const name of ['销售一部', '销售二部', '市场部']) {
      const d = await pool.query<{ id: string }>(
        `insert into departments (tenant_id, name) values ($1, $2) returning id`,
        [tenantId, name],
      );
      depts.push(Number(d.rows[0].id));
    }
    const admin = await roleId('tenant_admin');
    const self = await roleId(`${opts.prefix}_self`, 5);
    const dept = await roleId(`${opts.prefix}_dept`, 3);
    for (let i = 0; i < 30; i++) {
      const u = await pool.query<{ id: string }>(
        `insert into users (tenant_id, username, nickname, dept_id) values ($1, $2, $3, $4) returning id`,
        [tenantId, `${opts.prefix}_${i}`, `销售${i}`, depts[i % 3]],
      );
      const role = i === 0 ? admin : i === 1 ? dept : self;
      await pool.query(`insert into user_roles (user_id, role_id) values ($1, $2)`, [
        u.rows[0].id,
        role,
      ]);
    }
    members = await pool.query(`select id from users where tenant_id = $1 order by id`, [tenantId]);
  }
  return { tenantId, ids: members.rows.map((r) => Number(r.id)) };
}

export type BenchWho = { admin: string; dept: string; self: string };

export type BenchCall = (
  token: string,
  method: string,
  p: string,
  body?: unknown,
) => Promise<unknown>;

/**
 * Access tokens of the administrator, the 本部门 and a 仅本人 member, and `call`, which answers
 * the data of an API call made as one of them (throwing on any code but 200).
 */
export async function benchCaller(tenantId: number, ids: number[]) {
  const { dispatchApi } = await import('@/lib/server/edge/api/dispatch');
  const { issueTokens } = await import('@/lib/server/identity/auth/token.service');
  const tokenOf = async (userId: number) =>
    (await issueTokens(userId, tenantId, { remember: false, ip: '127.0.0.1', userAgent: 'bench' }))
      .accessToken;
  const who: BenchWho = {
    admin: await tokenOf(ids[0]),
    dept: await tokenOf(ids[1]),
    self: await tokenOf(ids[2]),
  };
  const call: BenchCall = await benchApi(tenantId);
  return { who, call, dispatchApi };
}

/** A timed case: label, who calls, method, path and body. */
export type BenchCase = [string, keyof BenchWho, string, string, unknown?];

/**
 * Prints the table of p50 and p95 of `iterations` calls of each case (after 3 warm-up calls),
 * with the result count `totalOf` reads from the last answer.
 */
export async function timeCases(
  cases: BenchCase[],
  who: BenchWho,
  call: BenchCall,
  iterations: number,
  totalOf: (data: unknown) => number | undefined,
): Promise<void> {
  console.log(`| 查询 | 结果数 | p50 ms | p95 ms |\n|---|---|---|---|`);
  for (const [label, user, method, p, body] of cases) {
    const times: number[] = [];
    let total: number | undefined;
    for (let i = 0; i < 3; i++) await call(who[user], method, p, body); // warm
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      const data = await call(who[user], method, p, body);
      times.push(performance.now() - t);
      total = totalOf(data);
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${label} | ${total ?? '-'} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`,
    );
  }
}
