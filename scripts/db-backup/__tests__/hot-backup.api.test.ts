import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedPostgresServer } from '@/lib/server/platform/db/embedded-server';
import { migrationsApplied, runMigrations } from '@/lib/server/platform/db/migrate';
import { until } from '@/test/helpers/until';
import { backup, inspectBackup, restore, type Installation } from '../backup-kit';
import { expectRefused, freePort, query, tmp, writeFile } from './backup-test-kit';

/**
 * Hot backup of the RUNNING embedded PostgreSQL (issue 37 item 3, ADR 0208): no pg_dump as new as
 * the server here, so `db:backup` takes a physical base backup with the server's low-level API
 * while another connection keeps inserting. The restore starts on its own (replaying the WAL in
 * the archive), holds every row committed before the backup ended, the app's migrations and a
 * few-MB table byte for byte; broken archives are refused with nothing changed; the replication
 * slot is gone after a backup, also after one that failed in the middle of the copy or whose
 * process was killed there.
 */

const root = tmp('lr-hot-backup-');
let live: Installation;
let server: EmbeddedPostgresServer;
let liveUrl = '';
const out = path.join(root, 'backups');
const servers: EmbeddedPostgresServer[] = [];

function dbUrl(s: EmbeddedPostgresServer): string {
  const u = new URL(s.url);
  u.pathname = '/leadradar';
  return u.toString();
}

async function slots(url: string) {
  return query<{ slot_name: string; temporary: boolean }>(
    url,
    'select slot_name, temporary from pg_replication_slots',
  );
}

/** Row counts of every table of the app (the writer's table apart) and a digest of `big`. */
async function snapshot(url: string) {
  const tables = await query<{ t: string }>(
    url,
    `select quote_ident(schemaname) || '.' || quote_ident(tablename) as t from pg_tables
      where schemaname in ('public', 'drizzle') and tablename <> 'ticks' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { t } of tables)
    counts[t] = Number((await query<{ n: string }>(url, `select count(*) as n from ${t}`))[0].n);
  const [big] = await query<{ md5: string; bytes: string }>(
    url,
    `select md5(string_agg(g::text || ':' || t, ',' order by g)) as md5,
            pg_total_relation_size('big')::text as bytes from big`,
  );
  return { counts, big };
}

/** One connection inserting row after row, each its own transaction, until stopped. */
function startWriter(url: string) {
  const client = new pg.Client({ connectionString: url });
  const committed: number[] = [];
  let stopping = false;
  const done = (async () => {
    await client.connect();
    while (!stopping) {
      const r = await client.query<{ id: number }>('insert into ticks default values returning id');
      committed.push(r.rows[0].id);
    }
    await client.end();
  })();
  return {
    committed,
    stop: async () => {
      stopping = true;
      await done;
    },
  };
}

/** A copy of `file` with bytes overwritten inside the largest table file, its tar headers intact. */
function corruptInsideDataFile(file: string, to: string): string {
  const buf = fs.readFileSync(file);
  let best = { size: 0, at: 0, name: '' };
  for (let off = 0; off + 512 <= buf.length;) {
    const header = buf.subarray(off, off + 512);
    if (header.every((b) => b === 0)) break;
    const name = header.subarray(0, 100).toString('latin1').split('\0')[0];
    const size = parseInt(header.subarray(124, 136).toString('latin1').split('\0')[0].trim(), 8);
    if (name.startsWith('pg/base/') && size > best.size) best = { size, at: off + 512, name };
    off += 512 + Math.ceil(size / 512) * 512;
  }
  expect(best.size).toBeGreaterThan(65536);
  buf.fill(0x5a, best.at + 32768, best.at + 32768 + 64);
  fs.writeFileSync(to, buf);
  return best.name;
}

beforeAll(async () => {
  live = {
    dataDir: path.join(root, 'live'),
    databaseUrl: '',
    embeddedPort: await freePort(),
    appPort: await freePort(),
  };
  server = new EmbeddedPostgresServer({ dataDir: live.dataDir, port: live.embeddedPort });
  servers.push(server);
  await server.start();
  await query(server.url, 'create database leadradar');
  liveUrl = dbUrl(server);
  await runMigrations(liveUrl);
  // ~6 MB, compared byte for byte after the restore.
  await query(
    liveUrl,
    `create table big as
       select g, md5(g::text) || repeat(chr(19968 + g % 2000), 80) as t
         from generate_series(1, 20000) g;
     create table ticks (id serial primary key, at timestamptz not null default clock_timestamp())`,
  );
  writeFile(live.dataDir, 'gh/upload.txt', '上传的文件');
}, 120_000);

afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

it('a failure during the copy leaves no slot, no archive and a server not stuck in backup mode', async () => {
  process.env.FAULT_ENOSPC = 'db.base-backup.copy';
  try {
    await expectRefused(backup(live, { outDir: out }), /在线备份内置数据库失败.*ENOSPC/);
  } finally {
    delete process.env.FAULT_ENOSPC;
  }
  expect(await slots(server.url)).toEqual([]);
  expect(fs.readdirSync(out)).toEqual([]);
  // A new non-exclusive backup can start and stop: the failed one was aborted with its session.
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    await client.query(`select pg_backup_start('probe', true)`);
    await client.query('select pg_backup_stop(false)');
  } finally {
    await client.end();
  }
});

it('a backup killed -9 during the copy leaves no slot; the next one clears its folder', async () => {
  const killOut = path.join(root, 'killed');
  // The real command, killing itself at the 40th file it copies (fault point, ADR 0209).
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/db-backup.ts', '--out', killOut],
    {
      cwd: path.resolve(__dirname, '../../..'),
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: live.dataDir,
        EMBEDDED_PG_PORT: String(live.embeddedPort),
        PORT: String(live.appPort),
        FAULT_KILL_AT: 'db.base-backup.copy#40',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const how = await new Promise((r) => child.on('exit', (code, signal) => r(signal ?? code)));
  expect({ how, output }).toMatchObject({
    how: 'SIGKILL',
    output: expect.stringMatching(/备份模式/),
  });
  // The temporary slot goes with the dead session, and the server leaves backup mode.
  await until('slot dropped', async () => (await slots(server.url)).length === 0, 20_000);
  expect(fs.readdirSync(killOut)).toEqual([expect.stringMatching(/^\.leadradar-backup-\d+-/)]);
  const { file } = await backup(live, { outDir: killOut });
  expect(fs.readdirSync(killOut)).toEqual([path.basename(file)]);
  expect(await slots(server.url)).toEqual([]);
}, 120_000);

describe('hot backup of the running embedded cluster (issue 37 item 3)', () => {
  let file = '';
  let before: Awaited<ReturnType<typeof snapshot>>;
  let atStart = 0;
  let atStop = 0;
  let committedTotal = 0;
  let restoredTicks = 0;
  const during: { slot_name: string; temporary: boolean }[] = [];
  const restored: Installation = {
    dataDir: path.join(root, 'restored'),
    databaseUrl: '',
    embeddedPort: 0,
    appPort: 0,
  };
  let restoredServer: EmbeddedPostgresServer;
  const restoredLog: string[] = [];

  beforeAll(async () => {
    restored.embeddedPort = await freePort();
    restored.appPort = await freePort();
    restoredServer = new EmbeddedPostgresServer({
      dataDir: restored.dataDir,
      port: restored.embeddedPort,
      log: (line) => restoredLog.push(line),
    });
    servers.push(restoredServer);
  });

  it('backs up while another connection keeps inserting; the slot is temporary and gone after', async () => {
    before = await snapshot(liveUrl);
    const writer = startWriter(liveUrl);
    while (writer.committed.length < 20) await new Promise((r) => setTimeout(r, 10));
    let manifest;
    try {
      ({ file, manifest } = await backup(live, {
        outDir: out,
        onStage: async (stage) => {
          if (stage === 'started') {
            atStart = writer.committed.length;
            during.push(...(await slots(server.url)));
          } else if (stage === 'copied') {
            // Acknowledged before pg_backup_stop: before the backup's end, so in the restore.
            // (Counted after it, a commit between the stop and the count may sit in the next WAL
            // segment, which the backup does not take.)
            atStop = writer.committed.length;
          }
        },
      }));
      // Keeps writing a little after the backup: those rows must not be in the restore.
      const after = writer.committed.length;
      while (writer.committed.length < after + 20) await new Promise((r) => setTimeout(r, 10));
    } finally {
      await writer.stop();
    }
    committedTotal = writer.committed.length;
    expect(manifest).toMatchObject({ method: 'hot-copy', postgresMajor: 18, files: true });
    expect(manifest.wal?.length).toBeGreaterThanOrEqual(1);
    // Rows were committed while the data directory was being copied.
    expect(atStop).toBeGreaterThan(atStart);
    expect(during).toEqual([{ slot_name: `leadradar_backup_${process.pid}`, temporary: true }]);
    expect(await slots(server.url)).toEqual([]);
    const { entries } = await inspectBackup(file);
    expect(entries).toEqual(
      expect.arrayContaining([
        'manifest.json',
        'pg.sha256',
        'pg/PG_VERSION',
        'pg/backup_label',
        'pg/global/pg_control',
        ...manifest.wal!.map((w) => `pg/pg_wal/${w}`),
        'files/gh/upload.txt',
      ]),
    );
    // Runtime state and the server's lock stay out of the copy.
    expect(entries).not.toContain('pg/postmaster.pid');
    expect(entries.filter((e) => /^pg\/pg_replslot\/./.test(e))).toEqual([]);
    expect(fs.readdirSync(out)).toEqual([path.basename(file)]);
  }, 120_000);

  it('restores into a new data folder that starts with every row committed before the backup ended', async () => {
    await restore(restored, file);
    await restoredServer.start();
    try {
      await checkRestored();
    } finally {
      // Stopped even when a check fails: the next test restores into the same folder.
      await restoredServer.stop();
    }
  }, 120_000);

  async function checkRestored() {
    // It replayed the archive's WAL from backup_label's checkpoint to the backup's end.
    const replay = restoredLog.join('\n');
    expect(replay).toMatch(/starting backup recovery with redo LSN/);
    expect(replay).toMatch(/completed backup recovery with redo LSN/);
    expect(replay).toMatch(/consistent recovery state reached/);
    const url = dbUrl(restoredServer);
    const ids = (await query<{ id: number }>(url, 'select id from ticks order by id')).map(
      (r) => r.id,
    );
    restoredTicks = ids.length;
    // A prefix of what the writer committed: nothing lost up to pg_backup_stop, nothing invented.
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
    expect(ids.length).toBeGreaterThanOrEqual(atStop);
    expect(ids.length).toBeLessThan(committedTotal);
    expect(await snapshot(url)).toEqual(before);
    expect(Number(before.big.bytes)).toBeGreaterThan(4 * 1024 * 1024);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect((await migrationsApplied((sql) => client.query(sql))).ok).toBe(true);
      // Out of recovery and writable.
      await client.query('insert into ticks default values');
    } finally {
      await client.end();
    }
    expect(fs.readFileSync(path.join(restored.dataDir, 'files/gh/upload.txt'), 'utf8')).toBe(
      '上传的文件',
    );
  }

  it('refuses a truncated or corrupted hot archive and leaves the data as it was', async () => {
    const truncated = path.join(root, 'truncated.tar');
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expectRefused(restore(restored, truncated), /不是有效的备份文件|不完整|损坏/);

    const corrupted = path.join(root, 'corrupted.tar');
    const hit = corruptInsideDataFile(file, corrupted);
    // The tar itself still reads: only the checksums catch it.
    expect((await inspectBackup(corrupted)).manifest.method).toBe('hot-copy');
    await expectRefused(
      restore(restored, corrupted),
      new RegExp(`已损坏.*校验值不符.*${hit.slice(3).replace(/[/.]/g, '\\$&')}.*未做任何改动`),
    );
    expect(fs.readdirSync(restored.dataDir).filter((e) => e.startsWith('.restore-'))).toEqual([]);

    await restoredServer.start();
    const [{ n }] = await query<{ n: string }>(
      dbUrl(restoredServer),
      'select count(*) as n from ticks',
    );
    expect(Number(n)).toBe(restoredTicks + 1);
    await restoredServer.stop();
  }, 120_000);

  it('a stopped cluster is still copied as a directory, and --method copy is refused while it runs', async () => {
    await expectRefused(backup(live, { outDir: out, method: 'copy' }), /需要数据库停止.*hot-copy/);
    await server.stop();
    try {
      await expectRefused(
        backup(live, { outDir: out, method: 'hot-copy' }),
        /需要内置数据库正在运行/,
      );
      const { manifest } = await backup(live, { outDir: out, now: new Date(2026, 0, 1) });
      expect(manifest.method).toBe('copy');
    } finally {
      await server.start();
    }
  }, 120_000);
});
