import fs from 'node:fs';
import pg from 'pg';
import type { EmbeddedPostgresServer } from '../lib/server/platform/db/embedded-server';

type Shared = { server?: EmbeddedPostgresServer; dir?: string };

export default async function globalTeardown(): Promise<void> {
  const state = (globalThis as typeof globalThis & { __leadradarTestDb?: Shared })
    .__leadradarTestDb;
  const adminUrl = process.env.LEADRADAR_TEST_ADMIN_URL;
  const template = process.env.LEADRADAR_TEST_TEMPLATE;
  if (adminUrl && template && !state?.server) {
    // External server: remove what this run created.
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const dbs = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${template}%`],
    );
    for (const { datname } of dbs.rows)
      await client.query(`drop database if exists ${datname} with (force)`);
    await client.query(`drop database if exists ${template} with (force)`);
    await client.end();
  }
  if (state?.server) {
    await state.server.stop();
    if (state.dir) fs.rmSync(state.dir, { recursive: true, force: true });
  }
}
