/**
 * Holds the database of a bench corpus open and prints its URL, for search-trace.ts,
 * search-compare.ts and EXPLAIN in psql (the bench itself starts and stops it per run):
 *
 *   npx tsx scripts/bench/search-hold-db.ts <data dir>     # → postgres://…:55041/leadradar
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/search-trace.ts 省许昌
 *
 * Stop it (SIGTERM / Ctrl-C) before a bench run on the same directory.
 */
import '@/lib/server/platform/outside-next';
import { openBenchDatabase } from './bench-db';

async function main() {
  const db = await openBenchDatabase({ dir: process.argv[2], port: 55041 });
  console.log(db.url);
  await new Promise<void>((resolve) => {
    process.on('SIGTERM', () => resolve());
    process.on('SIGINT', () => resolve());
  });
  await db.close();
}
void main();
