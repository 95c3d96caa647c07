import fs from 'node:fs';
import path from 'node:path';
import { PRODUCT_SUFFIX, tabTitle, TITLE_TEMPLATE } from '../brand';
import { PAGE_ROUTES } from '../routes';

const appDir = path.resolve(__dirname, '../../../app');
const roots = [
  appDir,
  ...fs
    .readdirSync(appDir)
    .filter((d) => /^\(.+\)$/.test(d))
    .map((d) => path.join(appDir, d)),
];

function pageFile(route: string): string | undefined {
  const rel = route.replace(/\{(\w+)\}/g, '[$1]');
  for (const root of roots)
    for (const f of ['page.tsx', 'page.ts']) {
      const p = path.join(root, rel, f);
      if (fs.existsSync(p)) return p;
    }
  return undefined;
}

const OWN_METADATA =
  /export\s+(const\s+metadata\b|(async\s+)?function\s+generateMetadata\b|const\s+generateMetadata\b)/;
const REEXPORTED = /export\s*\{[^}]*\b(metadata|generateMetadata)\b[^}]*\}\s*from\s*'([^']+)'/;

/** A page file (or the page it re-exports) says what it is called: its title. */
function declaresTitle(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const src = fs.readFileSync(file, 'utf8');
  if (OWN_METADATA.test(src)) return true;
  const m = REEXPORTED.exec(src);
  if (!m) return false;
  const target = path.resolve(path.dirname(file), m[2]);
  const next = ['.tsx', '.ts', '/page.tsx']
    .map((ext) => target + ext)
    .find((p) => fs.existsSync(p));
  return next !== undefined && declaresTitle(next, seen);
}

describe('browser tab titles (spec 2.2, 9)', () => {
  it('are the route title with the product suffix', () => {
    expect(PRODUCT_SUFFIX).toBe(' - 拓客雷达');
    expect(TITLE_TEMPLATE).toBe('%s - 拓客雷达');
    expect(tabTitle('线索管理')).toBe('线索管理 - 拓客雷达');
    expect(tabTitle('无权访问')).toBe('无权访问 - 拓客雷达');
  });

  it('the root layout applies that template to every page title', () => {
    const layout = fs.readFileSync(path.join(appDir, 'layout.tsx'), 'utf8');
    expect(layout).toMatch(/template:\s*TITLE_TEMPLATE/);
  });

  // Public, workspace and status pages alike: without a title of its own a page would show the
  // site's default title, not its route's.
  const built = PAGE_ROUTES.filter((r) => r.built && !r.aliasOf);
  it.each(built.map((r) => r.path))('%s declares its title', (route) => {
    const file = pageFile(route);
    expect(file).toBeDefined();
    expect(declaresTitle(file!)).toBe(true);
  });

  it('the not-found page has its own title too', () => {
    expect(declaresTitle(path.join(appDir, 'not-found.tsx'))).toBe(true);
  });
});
