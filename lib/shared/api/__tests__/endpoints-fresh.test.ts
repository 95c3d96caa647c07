import fs from 'node:fs';
import path from 'node:path';
import { endpointFilesOnDisk, renderEndpoints } from '@/scripts/endpoints/render-endpoints';

/**
 * The `<name>.endpoints.ts` route modules are generated from the contracts (ADR 0217). A contract
 * added, renamed or with a changed path, method or operation fails here until
 * `npm run gen:endpoints`; so does a route module left behind by a removed contract module.
 */
const ROOT = path.resolve(__dirname, '../../../..');

describe('the generated route modules', () => {
  let files: Map<string, string>;
  beforeAll(async () => {
    files = (await renderEndpoints(ROOT)).files;
  });

  it('are what npm run gen:endpoints writes from the contracts today', () => {
    expect(files.size).toBeGreaterThan(40);
    const stale = [...files].filter(([file, text]) => {
      const full = path.join(ROOT, file);
      return !fs.existsSync(full) || fs.readFileSync(full, 'utf8') !== text;
    });
    // The message names the fix: npm run gen:endpoints.
    expect({ staleRunGenEndpoints: stale.map(([file]) => file) }).toEqual({
      staleRunGenEndpoints: [],
    });
    expect(endpointFilesOnDisk(ROOT)).toEqual([...files.keys()].sort());
  });

  it('import nothing at run time (no zod in the browser bundle)', () => {
    for (const text of files.values()) {
      const imports = text.split('\n').filter((l) => /^import\b/.test(l));
      expect(imports.filter((l) => !/^import type /.test(l))).toEqual([]);
    }
  });
});
