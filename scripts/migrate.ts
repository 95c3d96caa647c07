import '@/lib/server/platform/outside-next';
import { startDatabase } from '@/lib/server/platform/db/bootstrap';

// Applies migrations to DATABASE_URL, or to the embedded database under DATA_DIR.
async function main() {
  const handle = await startDatabase({ log: console.log });
  console.log('migrations applied to', handle.url.replace(/:[^:@/]+@/, ':***@'));
  await handle.stop();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
