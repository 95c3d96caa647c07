import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { closeDb } from '@/lib/server/platform/db';
import { stopRateCounters } from '@/lib/server/platform/rate-limit/buffered-counters';

/**
 * Gives each API test file its own database cloned from the seeded template, so files never see
 * each other's writes and can run in parallel.
 */
const adminUrl = process.env.LEADRADAR_TEST_ADMIN_URL!;
const template = process.env.LEADRADAR_TEST_TEMPLATE!;
const dbName = `${template}_w${process.env.JEST_WORKER_ID ?? '0'}_${Math.random().toString(36).slice(2, 8)}`;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// Files the code under test stores (exports kept for the download centre, uploads) land in a
// temporary directory, never in the checkout's data/.
process.env.DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), 'leadradar-api-data-'));

// Database round trips on a loaded CI machine: 5 s is too tight for API tests.
jest.setTimeout(60_000);

beforeAll(async () => {
  await admin((c) => c.query(`create database ${dbName} template ${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  process.env.DATABASE_URL = url.toString();
});

afterAll(async () => {
  // No batch of rate-limit hits may be written after this file's database is gone.
  await stopRateCounters().catch(() => undefined);
  await closeDb();
  await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
});
