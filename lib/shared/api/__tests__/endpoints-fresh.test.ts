import fs from 'node:fs';
import path from 'node:path';
import { ENDPOINTS_FILE, renderEndpoints } from '@/scripts/endpoints/render-endpoints';

/**
 * lib/shared/api/endpoints.ts is generated from the contracts (ADR 0217). A contract added,
 * renamed or with a changed path, method or operation fails here until `npm run gen:endpoints`.
 */
const ROOT = path.resolve(__dirname, '../../../..');

describe(ENDPOINTS_FILE, () => {
  it('is what npm run gen:endpoints writes from the contracts today', async () => {
    const committed = fs.readFileSync(path.join(ROOT, ENDPOINTS_FILE), 'utf8');
    const fresh = await renderEndpoints(ROOT);
    // The message names the fix; the diff shows what changed.
    if (committed !== fresh) console.error('stale: run npm run gen:endpoints');
    expect(committed).toBe(fresh);
  });

  it('imports nothing at run time (no zod in the browser bundle)', () => {
    const text = fs.readFileSync(path.join(ROOT, ENDPOINTS_FILE), 'utf8');
    const imports = text.split('\n').filter((l) => /^import\b/.test(l));
    expect(imports.length).toBeGreaterThan(40);
    expect(imports.filter((l) => !/^import type /.test(l))).toEqual([]);
  });
});
