import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedPostgresServer } from '../lib/server/platform/db/embedded-server';
import { runMigrations } from '../lib/server/platform/db/migrate';
import { seedTestTemplate } from './seed-template';

type Shared = { server?: EmbeddedPostgresServer; dir?: string };
const shared = globalThis as typeof globalThis & { __leadradarTestDb?: Shared };

/**
 * Starts the test PostgreSQL once per jest run: an embedded server in a temporary directory, or
 * the server named by DATABASE_URL (CI's second pass). Builds a template database that each test
 * file clones (test/db-per-file.ts).
 */
export default async function globalSetup(): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  const state: Shared = {};
  if (!adminUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadradar-test-'));
    const port = 56000 + Math.floor(Math.random() * 3000);
    const server = new EmbeddedPostgresServer({ dataDir: dir, port });
    await server.start();
    state.server = server;
    state.dir = dir;
    adminUrl = server.url;
  }
  const templateName = `lr_tpl_${process.pid}`;
  const admin = new URL(adminUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists ${templateName}`);
  await client.query(`create database ${templateName}`);
  await client.end();
  const templateUrl = new URL(admin.toString());
  templateUrl.pathname = `/${templateName}`;
  await runMigrations(templateUrl.toString());
  const pool = new pg.Pool({ connectionString: templateUrl.toString(), max: 4 });
  try {
    await seedTestTemplate(pool);
  } finally {
    await pool.end();
  }
  process.env.LEADRADAR_TEST_ADMIN_URL = admin.toString();
  process.env.LEADRADAR_TEST_TEMPLATE = templateName;
  shared.__leadradarTestDb = state;
}
