/**
 * The partner sign-in (issue 35, ADR 0206): GET /tanji/auth (a member's one-time code for a
 * partner address) and POST /tanji/auth/exchange-code (the partner's signed redemption), each
 * through the API root's dispatcher as an HTTP client calls it, one after another and at C
 * concurrent callers; p50/p95/p99 per call. Budget: p95 ≤ 20 ms for both.
 *
 *   npm run bench:partner -- [--dir PATH] [--rounds N] [--concurrency C]
 *
 * Uses its own embedded PostgreSQL under --dir (default lr-bench-partner in the system temp
 * directory) on port 55048. Timed runs go under `flock "$BENCH_LOCK"`.
 */
import '@/lib/server/platform/outside-next';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openBenchDatabase } from './bench-db';
import { benchMember } from './bench-api';
import { benchArg as arg } from './crm-team';

const PARTNER = {
  id: 'bench',
  name: '压测合作平台',
  origin: 'https://partner.bench.example.cn',
  signInPath: '/sso',
  secret: 'bench-partner-secret-of-at-least-32-chars',
  pages: [],
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const summary = (label: string, times: number[]) => {
  const t = [...times].sort((a, b) => a - b);
  return `${label.padEnd(30)} n=${t.length} p50 ${percentile(t, 50).toFixed(2)} ms, p95 ${percentile(t, 95).toFixed(2)} ms, p99 ${percentile(t, 99).toFixed(2)} ms`;
};

async function main() {
  const dir = path.resolve(arg('--dir', path.join(os.tmpdir(), 'lr-bench-partner')));
  const rounds = Number(arg('--rounds', '2000'));
  const concurrency = Number(arg('--concurrency', '10'));
  process.env.PARTNER_PLATFORMS = JSON.stringify([PARTNER]);
  process.env.LOG_LEVEL ??= 'error';
  const db = await openBenchDatabase({ dir, port: 55048, platform: true });
  const { dispatchApi } = await import('@/lib/server/edge/api/dispatch');
  const { signExchange } = await import('@/lib/server/identity/partner/partner.service');

  const tenant = await db.pool.query<{ id: string }>(
    `insert into tenants (name, edition) values ('压测合作平台企业', 2) returning id`,
  );
  const tenantId = Number(tenant.rows[0].id);
  const stamp = Date.now() % 1e8;
  const member = await benchMember(db.pool, tenantId, {
    username: `bench_partner_${stamp}`,
    mobile: `199${String(stamp).padStart(8, '0')}`,
    role: 'employee',
  });

  const redirectUrl = encodeURIComponent(`${PARTNER.origin}/sso?next=%2Fpages%2Freport`);
  let seq = 0;
  async function issue(): Promise<string> {
    const res = await dispatchApi(
      new Request(`http://localhost/admin-api/tanji/auth?redirectUrl=${redirectUrl}`, {
        headers: { authorization: `Bearer ${member.token}`, 'tenant-id': String(tenantId) },
      }),
    );
    const r = (await res.json()) as { code: number; msg: string; data: { url: string } };
    if (r.code !== 200) throw new Error(`issue: ${r.code} ${r.msg}`);
    return new URL(r.data.url).searchParams.get('code') ?? '';
  }
  async function exchange(code: string): Promise<void> {
    const timestamp = Math.floor(Date.now() / 1000);
    const n = seq++;
    const res = await dispatchApi(
      new Request('http://localhost/admin-api/tanji/auth/exchange-code', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // A partner's servers are a few addresses; spread so the per-IP limit is not what is timed.
          'x-leadradar-client-ip': `10.9.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({
          partnerId: PARTNER.id,
          code,
          timestamp,
          signature: signExchange(PARTNER.secret, PARTNER.id, timestamp, code),
        }),
      }),
    );
    const r = (await res.json()) as { code: number; msg: string };
    if (r.code !== 200) throw new Error(`exchange: ${r.code} ${r.msg}`);
  }

  // Warm-up: first queries plan, the pool fills.
  for (let i = 0; i < 50; i++) await exchange(await issue());

  for (const c of [1, concurrency]) {
    const issueTimes: number[] = [];
    const exchangeTimes: number[] = [];
    let left = rounds;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: c }, async () => {
        while (left-- > 0) {
          let t = performance.now();
          const code = await issue();
          issueTimes.push(performance.now() - t);
          t = performance.now();
          await exchange(code);
          exchangeTimes.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`c=${c}: ${Math.round(rounds / seconds)} sign-ins/s`);
    console.log(summary(`  GET /tanji/auth`, issueTimes));
    console.log(summary(`  POST /tanji/auth/exchange-code`, exchangeTimes));
  }
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
