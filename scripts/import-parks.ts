/**
 * Imports real parks (园区) and buildings (楼宇) (issue 30 item 5, ADR 0201):
 *
 *   npm run import:parks -- FILE.geojson | FILE.csv
 *
 * GeoJSON: a FeatureCollection of Polygon features with properties name, kind (园区/楼宇 or
 * park/building), address, districtCode, key, parentKey. CSV: a header
 * name,kind,address,districtCode,key,parentKey,outline with outline "lng lat, lng lat, …" or
 * WKT POLYGON((…)). Bounded: 20 MB, 10,000 records, 1,000 points per outline. Records are
 * replaced by key (the name when no key); bad records are listed with the reason and left out.
 * Exits 1 when any record was rejected (the good ones are loaded all the same), 2 on a bad file.
 */
import '@/lib/server/platform/outside-next';
import fs from 'node:fs';
import path from 'node:path';
import { startDatabase } from '@/lib/server/platform/db/bootstrap';
import { closeDb, getPool } from '@/lib/server/platform/db';
import { ESTATE_IMPORT_MAX_BYTES } from '@/lib/shared/park/estate';
import { ImportFileError, parseEstateFile } from '../lib/server/search/estate/estate-import';
import { saveEstates } from '../lib/server/search/estate/estate-store';

async function main() {
  const target = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!target) {
    console.log('用法: npm run import:parks -- <园区.geojson | 园区.csv>');
    process.exit(2);
  }
  const abs = path.resolve(target);
  if (!fs.existsSync(abs)) throw new ImportFileError(`找不到 ${abs}`);
  // The size is checked before the file is read.
  if (fs.statSync(abs).size > ESTATE_IMPORT_MAX_BYTES)
    throw new ImportFileError(`文件超过 ${ESTATE_IMPORT_MAX_BYTES / 1024 / 1024} MB，请拆分后导入`);
  const { items, rejects } = parseEstateFile(abs, fs.readFileSync(abs));
  for (const r of rejects)
    console.log(`  跳过 ${r.at}${r.name ? `（${r.name}）` : ''}：${r.reason}`);
  const handle = await startDatabase({ log: () => undefined });
  try {
    const ids = await saveEstates(getPool(), 'import', items);
    const parks = items.filter((i) => i.kind === 'park').length;
    console.log(
      `载入园区 ${parks} 个、楼宇 ${ids.length - parks} 个` +
        (rejects.length ? `，跳过 ${rejects.length} 个（原因见上）` : ''),
    );
  } finally {
    await closeDb();
    await handle.stop();
  }
  process.exit(rejects.length ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(err instanceof ImportFileError ? 2 : 1);
});
