/**
 * Writes the zod-free route parts of the contracts: `<name>.endpoints.ts` beside every
 * `lib/shared/<domain>/<name>.contract.ts` (ADR 0217), and removes one whose contract module is gone.
 *
 *   npm run gen:endpoints
 *
 * Run it after adding or changing a contract; a test fails while a file is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { endpointFilesOnDisk, renderEndpoints } from './endpoints/render-endpoints';

async function main() {
  const root = process.cwd();
  const { files } = await renderEndpoints(root);
  let written = 0;
  for (const [file, text] of files) {
    const full = path.join(root, file);
    if (fs.existsSync(full) && fs.readFileSync(full, 'utf8') === text) continue;
    fs.writeFileSync(full, text);
    written++;
  }
  for (const file of endpointFilesOnDisk(root))
    if (!files.has(file)) {
      fs.rmSync(path.join(root, file));
      console.log(`${file}: removed`);
    }
  console.log(`${files.size} route modules, ${written} written`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
