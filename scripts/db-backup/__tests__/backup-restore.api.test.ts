import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { EmbeddedPostgresServer } from '@/lib/server/platform/db/embedded-server';
import { backup, findPgTool, inspectBackup, restore, type Installation } from '../backup-kit';
import { brokenArchives, expectRefused, freePort, query, tmp, writeFile } from './backup-test-kit';

/**
 * Backup and restore for real (issue 37 item 3): seed, back up, change, restore, and the data and
 * files are back; broken archives are refused before anything changes. The pg_dump round trip
 * runs against this run's test database when a pg_dump as new as its server exists (CI's second
 * pass on Debian's PostgreSQL); the embedded server of this machine (PostgreSQL 18, no matching
 * pg_dump) shows the refusal instead. The copy round trip runs an embedded cluster of its own.
 */

describe('pg_dump round trip of the configured database (issue 37 item 3)', () => {
  let url = '';
  let dataDir = '';
  let inst: Installation;
  beforeAll(async () => {
    url = process.env.DATABASE_URL!;
    dataDir = tmp('lr-backup-data-');
    inst = { dataDir, databaseUrl: url, embeddedPort: 0, appPort: await freePort() };
  });

  it('seed, back up, change, restore: the rows and the files are back', async () => {
    const major = Math.floor(
      Number(
        (await query<{ v: string }>(url, `select current_setting('server_version_num') as v`))[0].v,
      ) / 10000,
    );
    // Was NaN while the query read a column SHOW does not have: the round trip never ran.
    expect(major).toBeGreaterThanOrEqual(13);
    const out = tmp('lr-backups-');
    if ((await findPgTool('pg_dump', major)).file === null) {
      // No pg_dump as new as the server: a clear refusal, nothing written.
      await expectRefused(
        backup(inst, { outDir: out }),
        new RegExp(`找不到 PostgreSQL ${major} 或更新版本的 pg_dump.*PG_BIN_DIR`),
      );
      expect(fs.readdirSync(out)).toEqual([]);
      return;
    }
    const [company] = await query<{ id: number; name: string }>(
      url,
      'select id, name from enterprises order by id limit 1',
    );
    writeFile(dataDir, 'ab/contract.txt', '合同原件');
    const { file, manifest } = await backup(inst, { outDir: out });
    expect(path.basename(file)).toMatch(/^leadradar-backup-\d{8}-\d{6}\.tar$/);
    expect(manifest).toMatchObject({ method: 'pg_dump', files: true, postgresMajor: major });

    await query(url, 'update enterprises set name = $2 where id = $1', [
      company.id,
      '改动后的名称',
    ]);
    await query(url, 'create table after_backup (x int)');
    fs.rmSync(path.join(dataDir, 'files', 'ab', 'contract.txt'));
    writeFile(dataDir, 'cd/later.txt', '备份之后的文件');

    await restore(inst, file);
    const [back] = await query<{ name: string }>(
      url,
      'select name from enterprises where id = $1',
      [company.id],
    );
    expect(back.name).toBe(company.name);
    expect(await query(url, `select 1 from pg_tables where tablename = 'after_backup'`)).toEqual(
      [],
    );
    expect(fs.readFileSync(path.join(dataDir, 'files', 'ab', 'contract.txt'), 'utf8')).toBe(
      '合同原件',
    );
    expect(fs.existsSync(path.join(dataDir, 'files', 'cd', 'later.txt'))).toBe(false);

    // Broken archives: refused with a Chinese message, the database untouched.
    await query(url, 'update enterprises set name = $2 where id = $1', [company.id, '再次改动']);
    for (const bad of await brokenArchives(out, file))
      await expectRefused(restore(inst, bad), /备份文件|不完整|损坏/);
    const [still] = await query<{ name: string }>(
      url,
      'select name from enterprises where id = $1',
      [company.id],
    );
    expect(still.name).toBe('再次改动');
  });
});

describe('copy round trip of a stopped embedded cluster (issue 37 item 3)', () => {
  it('back up, change, restore; refused while running; broken archives refused without harm', async () => {
    const dataDir = tmp('lr-backup-embedded-');
    const inst: Installation = {
      dataDir,
      databaseUrl: '',
      embeddedPort: await freePort(),
      appPort: await freePort(),
    };
    const server = new EmbeddedPostgresServer({ dataDir, port: inst.embeddedPort });
    const db = new URL(server.url);
    db.pathname = '/leadradar';
    const sql = async (text: string) => {
      await server.start();
      try {
        return await query<{ n: string }>(db.toString(), text);
      } finally {
        await server.stop();
      }
    };
    await server.start();
    await query(server.url, 'create database leadradar');
    await server.stop();
    await sql(`create table probe (n text); insert into probe values ('备份前')`);
    writeFile(dataDir, 'ef/logo.png', 'png-bytes');

    // While the database runs a copy is refused (it would not be consistent).
    await server.start();
    await expectRefused(backup(inst, { outDir: dataDir, method: 'copy' }), /需要数据库停止/);
    await server.stop();

    const out = tmp('lr-backups-copy-');
    const { file, manifest } = await backup(inst, { outDir: out, method: 'copy' });
    expect(manifest).toMatchObject({ method: 'copy', files: true, postgresMajor: 18 });
    expect((await inspectBackup(file)).entries).toEqual(
      expect.arrayContaining(['manifest.json', 'pg/PG_VERSION', 'files/ef/logo.png']),
    );

    await sql(`update probe set n = '备份后'`);
    writeFile(dataDir, 'ef/logo.png', 'changed');

    // The app answering on its port: refused unless --force.
    const app = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((r) => app.listen(inst.appPort, '127.0.0.1', () => r()));
    try {
      await expectRefused(restore(inst, file), /请先停止应用.*--force/);
    } finally {
      await new Promise<void>((r) => app.close(() => r()));
    }

    for (const bad of await brokenArchives(out, file))
      await expectRefused(restore(inst, bad), /备份文件|不完整|损坏/);
    expect((await sql('select n from probe'))[0].n).toBe('备份后');

    await restore(inst, file);
    expect((await sql('select n from probe'))[0].n).toBe('备份前');
    expect(fs.readFileSync(path.join(dataDir, 'files', 'ef', 'logo.png'), 'utf8')).toBe(
      'png-bytes',
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
