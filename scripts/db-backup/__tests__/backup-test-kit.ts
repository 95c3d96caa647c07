import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { BackupError } from '../backup-kit';

/** What the backup tests share: ports, one-off queries, folders, refusals, broken archives. */

export async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export function tmp(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // The embedded cluster runs as the postgres user when the tests run as root.
  fs.chmodSync(dir, 0o755);
  return dir;
}

export function writeFile(dataDir: string, rel: string, text: string) {
  const file = path.join(dataDir, 'files', rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

export async function expectRefused(p: Promise<unknown>, message: RegExp) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackupError);
  expect((err as Error).message).toMatch(message);
}

export async function brokenArchives(dir: string, good: string): Promise<string[]> {
  const garbage = path.join(dir, 'garbage.tar');
  fs.writeFileSync(garbage, 'this is not an archive\n'.repeat(50));
  const truncated = path.join(dir, 'truncated.tar');
  const bytes = fs.readFileSync(good);
  fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
  const foreign = path.join(dir, 'foreign.tar');
  const src = tmp('lr-foreign-');
  fs.writeFileSync(path.join(src, 'readme.txt'), 'not a backup');
  const { execFileSync } = await import('node:child_process');
  execFileSync('tar', ['-cf', foreign, '-C', src, 'readme.txt']);
  return [garbage, truncated, foreign, path.join(dir, 'missing.tar')];
}
