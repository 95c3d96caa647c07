import pg from 'pg';
import { e2eEnv } from './env';

/** Direct access to the e2e server's database (read a captcha answer, check a quota). */
export async function withE2eDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eEnv().databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
