import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : serverFiles(full);
    return /\.(service|routes|repository)\.ts$/.test(entry.name) || entry.name === 'index.ts'
      ? [full]
      : [];
  });
}

/**
 * Services, route tables, repositories and front doors refuse to load in a browser bundle: their
 * first import is `server-only` (issue 27 item 7), so a client file that reaches one fails the build
 * instead of shipping SQL and secrets.
 */
it('every server service, route table, repository and front door imports server-only', () => {
  const files = serverFiles(path.join(ROOT, 'lib/server'));
  expect(files.length).toBeGreaterThan(50);
  const missing = files
    .filter((f) => !/^import 'server-only';/m.test(fs.readFileSync(f, 'utf8')))
    .map((f) => path.relative(ROOT, f));
  expect(missing).toEqual([]);
});
