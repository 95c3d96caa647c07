/**
 * Map prospecting benchmark (issue 30 item 4, ADR 0185) at the API root, in process: a circle of
 * 5 km, a polygon over a city district, clustered points of a city view and region counts of the
 * national view (cached), each at 1 and 16 concurrent clients, p50/p95/p99.
 *
 *   npm run bench:geo -- [--dir PATH] [--enterprises N] [--iterations K] [--compare] [--parks]
 *
 * --compare also times the alternatives the ADR weighs, on the same centres, as bare SQL: the
 * contrib earthdistance GiST (ll_to_earth) and a grid key in a B-tree; their indexes are built,
 * measured and dropped again.
 *
 * Parks and buildings (issue 30 item 5, ADR 0201): the detail of a demo park (occupancy by industry
 * and size inside its outline, and its map points), the first page of a building's or park's
 * companies, and park recommendations; the demo parks are generated first when there are none.
 * --parks runs only these.
 *
 * Uses the corpus in --dir (default BENCH_DATA_DIR, DATA_DIR or lr-bench-seed in the system temp
 * directory, where `npm run bench:seed` leaves one; seeds N, default 1,000,000, when empty) on
 * EMBEDDED_PG_PORT. Budgets (issue 30): circle ≤ 5 km p95 ≤ 50 ms, district polygon p95 ≤ 80 ms,
 * city clusters p95 ≤ 100 ms, national region counts p95 ≤ 100 ms (cached). Timed runs go under
 * `flock "$BENCH_LOCK"`.
 */
import '@/lib/server/platform/outside-next';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Pool } from 'pg';
import { openBenchDatabase } from './bench-db';
import { benchArg, benchFlag } from './crm-team';

type LngLat = [number, number];
type Case = {
  label: string;
  budget: number;
  path: string;
  body: (i: number) => unknown;
  /** The result count of an answer (default: its `total`). */
  count?: (data: Record<string, unknown>) => number;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const f = (v: number) => v.toFixed(1);

/** Seats of busy districts (区) and cities: where people look on a map. */
async function places(pool: Pool, level: 2 | 3, n: number): Promise<LngLat[]> {
  const column = level === 3 ? 'district_code' : 'city_code';
  const { rows } = await pool.query<{ lng: number; lat: number }>(
    `select r.lng, r.lat from regions r
       join (select ${column} code, count(*) n from enterprises tablesample system (2)
              group by 1 order by 2 desc limit ${n}) busy on busy.code = r.code
      where r.lng is not null`,
  );
  return rows.map((r) => [r.lng, r.lat]);
}

/** A seven-sided polygon of about 250 km² around a point, its corners pushed in and out. */
function districtPolygon([x, y]: LngLat, i: number): LngLat[] {
  return Array.from({ length: 7 }, (_, k) => {
    const t = (2 * Math.PI * k) / 7;
    const r = 0.09 * (k % 2 ? 0.7 : 1) * (1 + ((i * 7 + k) % 5) / 20);
    return [x + r * Math.cos(t), y + r * 0.8 * Math.sin(t)] as LngLat;
  });
}

async function main() {
  const dir = path.resolve(
    benchArg(
      '--dir',
      process.env.BENCH_DATA_DIR || process.env.DATA_DIR || path.join(os.tmpdir(), 'lr-bench-seed'),
    ),
  );
  const enterprises = Number(benchArg('--enterprises', '1000000'));
  const iterations = Number(benchArg('--iterations', '100'));
  const db = await openBenchDatabase({ dir, enterprises, platform: true });
  const pool = db.pool;
  const { dispatchApi } = await import('@/lib/server/edge/api/dispatch');
  const { issueTokens } = await import('@/lib/server/identity/auth/token.service');
  const total = (await pool.query<{ n: number }>('select count(*)::int n from enterprises')).rows[0]
    .n;
  const user = await pool.query<{ id: string; tenant_id: string }>(
    `select id, tenant_id from users where username = 'enterprise_admin'`,
  );
  const { accessToken } = await issueTokens(
    Number(user.rows[0].id),
    Number(user.rows[0].tenant_id),
    {
      remember: false,
      ip: '127.0.0.1',
      userAgent: 'bench',
    },
  );
  const call = async (p: string, body: unknown) => {
    const res = await dispatchApi(
      new Request(`http://localhost/admin-api${p}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'tenant-id': user.rows[0].tenant_id,
          'content-type': 'application/json',
          'x-leadradar-client-ip': '127.0.0.1',
        },
        body: JSON.stringify(body),
      }),
    );
    const json = (await res.json()) as {
      code: number;
      msg: string;
      data: Record<string, unknown> & { total?: number };
    };
    if (json.code !== 200) throw new Error(`${p}: ${json.code} ${json.msg}`);
    return json.data;
  };

  const districts = await places(pool, 3, 60);
  const cities = await places(pool, 2, 40);
  const at = <T>(list: T[], i: number) => list[i % list.length];
  const { seedDemoEstates } = await import('../../db/seed/estate-demo');
  const seeded = Date.now();
  // Regenerated each run (a few seconds), so the parks are the current generator's.
  const made = await seedDemoEstates(pool, { force: true });
  if (made)
    console.log(`生成演示园区与楼宇 ${made} 个（${((Date.now() - seeded) / 1000).toFixed(1)} s）`);
  // A portrait to recommend from: 500 of the bench user's own leads, spread over the country.
  await pool.query(
    `insert into clues (tenant_id, enterprise_id, name, owner_user_id, creator_user_id, source)
     select $1, e.id, e.name, $2, $2, '企业查询' from enterprises e tablesample system (0.1)
      where not exists (select 1 from clues where owner_user_id = $2)
      limit 500 on conflict do nothing`,
    [user.rows[0].tenant_id, user.rows[0].id],
  );
  const estateIds = async (kind: string) =>
    (
      await pool.query<{ id: number }>(
        `select id::int id from estates where kind = $1 order by company_count desc, id`,
        [kind],
      )
    ).rows.map((r) => r.id);
  const parks = await estateIds('park');
  const buildings = await estateIds('building');
  const parkCases: Case[] = [
    {
      label: '园区详情：轮廓内企业按行业与规模计数 + 地图点位',
      budget: 100,
      path: '/shuzhituoke/park/detail',
      body: (i) => ({ estateId: at(parks, i) }),
      count: (d) => Number((d.occupancy as { total: number }).total),
    },
    {
      label: '园区企业列表（全部，第 1 页 20 条）',
      budget: 80,
      path: '/shuzhituoke/park/companies',
      body: (i) => ({ estateId: at(parks, i), type: 'all' }),
    },
    {
      label: '楼宇企业列表（全部，第 1 页 20 条）',
      budget: 50,
      path: '/shuzhituoke/park/companies',
      body: (i) => ({ estateId: at(buildings, i), type: 'all' }),
    },
    {
      label: '园区推荐（按线索与客户画像）',
      budget: 100,
      path: '/shuzhituoke/park/recommendation-page',
      body: () => ({}),
    },
  ];
  const mapCases: Case[] = [
    {
      label: '圆形 5 公里（按距离，第 1 页 20 条）',
      budget: 50,
      path: '/shuzhituoke/map/search',
      body: (i) => {
        const [x, y] = at(districts, i);
        const d = ((i % 9) - 4) * 0.004;
        return { shape: { kind: 'radius', center: [x + d, y - d], radiusKm: 5 } };
      },
    },
    {
      label: '多边形（一个城区，约 250 km²）',
      budget: 80,
      path: '/shuzhituoke/map/search',
      body: (i) => ({
        shape: { kind: 'polygon', points: districtPolygon(at(districts, i), i) },
        sort: 'relevance',
      }),
    },
    {
      label: '城市视野点位聚合（1.2° × 0.8°）',
      budget: 100,
      path: '/shuzhituoke/map/points',
      body: (i) => {
        const [x, y] = at(cities, i);
        return { bounds: [x - 0.6, y - 0.4, x + 0.6, y + 0.4] };
      },
    },
    {
      label: '全国各省计数（缓存）',
      budget: 100,
      path: '/shuzhituoke/map/region-counts',
      body: () => ({}),
    },
  ];
  const cases = benchFlag('--parks') ? parkCases : [...mapCases, ...parkCases];

  console.log(
    `\n${total.toLocaleString('en-US')} companies, ${os.cpus().length} CPUs, ${iterations} requests per run\n`,
  );
  // The first national count is not cached: report it apart.
  const first = performance.now();
  await call('/shuzhituoke/map/region-counts', {});
  console.log(`全国各省计数，首次（未缓存）: ${f(performance.now() - first)} ms\n`);

  console.log(
    '| 查询 | 预算 p95 | 结果数（中位） | c=1 p50 | c=1 p95 | c=1 p99 | c=16 p50 | c=16 p95 | c=16 p99 | c=16 次/秒 |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  let failed = false;
  for (const c of cases) {
    for (let i = 0; i < 5; i++) await call(c.path, c.body(i)); // warm, as a running server
    const row: string[] = [];
    let found: number[] = [];
    for (const concurrency of [1, 16]) {
      await pool.query(`delete from rate_limit_counters where key like 'search:%'`);
      const times: number[] = [];
      found = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < iterations) {
            const i = next++;
            const t = performance.now();
            const data = await call(c.path, c.body(i));
            times.push(performance.now() - t);
            found.push(Number(c.count ? c.count(data) : (data.total ?? 0)));
          }
        }),
      );
      const wall = performance.now() - started;
      times.sort((a, b) => a - b);
      row.push(f(percentile(times, 50)), f(percentile(times, 95)), f(percentile(times, 99)));
      if (concurrency === 16) row.push(f((iterations / wall) * 1000));
      if (concurrency === 1 && percentile(times, 95) > c.budget) failed = true;
    }
    found.sort((a, b) => a - b);
    console.log(`| ${c.label} | ${c.budget} | ${percentile(found, 50)} | ${row.join(' | ')} |`);
  }
  if (failed) console.log('\n一项或多项 c=1 p95 超出预算');

  if (benchFlag('--compare')) await compare(db, districts);
  await db.close();
}

/** The ADR's alternatives on the same 5 km circles, as bare SQL (c=1). */
async function compare(db: Awaited<ReturnType<typeof openBenchDatabase>>, centres: LngLat[]) {
  const pool = db.pool;
  const hav = (x: string, y: string) =>
    `2 * 6371.0088 * asin(least(1, sqrt(power(sin(radians(lat - ${y}) / 2), 2) + cos(radians(${y})) * cos(radians(lat)) * power(sin(radians(lng - ${x}) / 2), 2))))`;
  const box = (
    r: number,
  ) => `lng between $1 - ${r}/(111.19*cos(radians($2))) and $1 + ${r}/(111.19*cos(radians($2)))
      and lat between $2 - ${r}/111.19 and $2 + ${r}/111.19`;
  const variants: { label: string; setup: string[]; drop: string[]; sql: string }[] = [
    {
      label: 'core GiST point(lng, lat) (chosen)',
      setup: [],
      drop: [],
      sql: `select count(*) from enterprises where lng is not null and lat is not null
              and point(lng, lat) <@ box(point($1 - 5/(111.19*cos(radians($2))), $2 - 5/111.19),
                                         point($1 + 5/(111.19*cos(radians($2))), $2 + 5/111.19))
              and ${hav('$1', '$2')} <= 5`,
    },
    {
      label: 'earthdistance GiST ll_to_earth(lat, lng)',
      setup: [
        'create extension if not exists cube',
        'create extension if not exists earthdistance',
        'create index bench_geo_earth_idx on enterprises using gist (ll_to_earth(lat, lng))',
      ],
      drop: ['drop index if exists bench_geo_earth_idx'],
      sql: `select count(*) from enterprises where earth_box(ll_to_earth($2, $1), 5000) @> ll_to_earth(lat, lng)
              and earth_distance(ll_to_earth($2, $1), ll_to_earth(lat, lng)) <= 5000`,
    },
    {
      label: 'grid key (0.02° cells) in a B-tree',
      setup: [
        'create index bench_geo_grid_idx on enterprises ((floor(lat * 50)::int * 100000 + floor(lng * 50)::int))',
      ],
      drop: ['drop index if exists bench_geo_grid_idx'],
      sql: `select count(*) from enterprises where (floor(lat * 50)::int * 100000 + floor(lng * 50)::int) = any(
              select gy * 100000 + gx from generate_series(floor(($2 - 5/111.19) * 50)::int, floor(($2 + 5/111.19) * 50)::int) gy,
                generate_series(floor(($1 - 5/(111.19*cos(radians($2)))) * 50)::int, floor(($1 + 5/(111.19*cos(radians($2)))) * 50)::int) gx)
              and ${box(5)} and ${hav('$1', '$2')} <= 5`,
    },
  ];
  console.log(
    '\n| 索引（5 公里圆形计数，裸 SQL，c=1） | 建索引 s | 索引大小 MB | p50 ms | p95 ms | 结果数（中位） |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const v of variants) {
    const t0 = performance.now();
    await db.unbounded(...v.setup);
    const buildS = (performance.now() - t0) / 1000;
    await db.unbounded('analyze enterprises');
    const name = v.setup.length
      ? /create index (\w+)/.exec(v.setup[v.setup.length - 1])![1]
      : 'enterprises_geo_idx';
    const size = (
      await pool.query<{ b: string }>(`select pg_relation_size($1::regclass)::text b`, [name])
    ).rows[0].b;
    const times: number[] = [];
    const counts: number[] = [];
    for (let i = 0; i < 60; i++) {
      const [x, y] = centres[i % centres.length];
      const t = performance.now();
      const { rows } = await pool.query<{ count: string }>(v.sql, [x, y]);
      times.push(performance.now() - t);
      counts.push(Number(rows[0].count));
    }
    times.sort((a, b) => a - b);
    counts.sort((a, b) => a - b);
    console.log(
      `| ${v.label} | ${v.setup.length ? f(buildS) : '—'} | ${(Number(size) / 1048576).toFixed(0)} | ${f(percentile(times, 50))} | ${f(percentile(times, 95))} | ${percentile(counts, 50)} |`,
    );
    await db.unbounded(...v.drop);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
