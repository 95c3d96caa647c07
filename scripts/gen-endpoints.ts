/**
 * Writes lib/shared/api/endpoints.ts, the zod-free route part of every contract (ADR 0217).
 *
 *   npm run gen:endpoints
 *
 * Run it after adding or changing a contract; a test fails while the file is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ENDPOINTS_FILE, renderEndpoints } from './endpoints/render-endpoints';

async function main() {
  const root = process.cwd();
  const text = await renderEndpoints(root);
  const file = path.join(root, ENDPOINTS_FILE);
  const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (before === text) console.log(`${ENDPOINTS_FILE}: up to date`);
  else {
    fs.writeFileSync(file, text);
    console.log(`${ENDPOINTS_FILE}: written`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
