import fs from 'node:fs';
import path from 'node:path';
import {
  findPageRoute,
  isBuiltPage,
  isOpenPath,
  needsSession,
  PAGE_ALIASES,
  PAGE_ROUTES,
  SITEMAP_PAGES,
} from '../routes';

const appDir = path.resolve(__dirname, '../../../app');

/** Route groups ('(workspace)') hold pages without adding to their URL. */
const roots = [
  appDir,
  ...fs
    .readdirSync(appDir)
    .filter((d) => /^\(.+\)$/.test(d))
    .map((d) => path.join(appDir, d)),
];

/** app/ folder of a route: a `{name}` segment is a dynamic folder `[name]`. */
function hasPage(route: string): boolean {
  const rel = route.replace(/\{(\w+)\}/g, '[$1]');
  return roots.some((root) =>
    ['page.tsx', 'page.ts'].some((f) => fs.existsSync(path.join(root, rel, f))),
  );
}

describe('the page list', () => {
  const built = PAGE_ROUTES.filter((r) => r.built && !r.aliasOf);
  it.each(built.map((r) => r.path))('%s is built: app/ has its page', (route) => {
    expect(hasPage(route)).toBe(true);
  });

  it('serves every alias by a built page that is not itself an alias', () => {
    for (const [alias, target] of Object.entries(PAGE_ALIASES)) {
      expect(hasPage(alias)).toBe(false);
      expect(PAGE_ROUTES.find((r) => r.path === target)).toMatchObject({ built: true });
      expect(PAGE_ALIASES[target]).toBeUndefined();
    }
    expect(PAGE_ALIASES['/home']).toBe('/');
  });

  it('names where every page not built yet is built', () => {
    for (const r of PAGE_ROUTES.filter((x) => !x.built)) expect(r.buildsIn).toMatch(/\S/);
  });

  it('lists each path once', () => {
    const paths = PAGE_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('knows the open list of spec 2.1, the health topic pages included', () => {
    expect(isOpenPath('/')).toBe(true);
    expect(isOpenPath('/companySearchDetail')).toBe(true);
    expect(isOpenPath('/PhonePage')).toBe(true);
    expect(isOpenPath('/phonePage/')).toBe(true);
    expect(isOpenPath('/industryInsights/health/biomedicine')).toBe(true);
    expect(isOpenPath('/industryInsights/industryInformation')).toBe(true);
    expect(isOpenPath('/favoritesPage')).toBe(false);
    expect(isOpenPath('/userSystem/userInfo')).toBe(false);
  });

  it('asks for a session on signed-in pages only, not on unknown paths (they are 404s)', () => {
    expect(needsSession('/favoritesPage')).toBe(true);
    expect(needsSession('/employeeManagement/department')).toBe(true);
    expect(needsSession('/common/report')).toBe(true);
    expect(needsSession('/clue/list')).toBe(true);
    expect(needsSession('/clue/pool')).toBe(true);
    expect(needsSession('/industryInsights/industryTP/C39')).toBe(true);
    expect(needsSession('/industryInsights/industryMap')).toBe(false);
    expect(needsSession('/companySearch')).toBe(false);
    expect(needsSession('/no-such-page')).toBe(false);
    expect(needsSession('/favoritesPageX')).toBe(false);
  });

  it('prefers the exact page to its family', () => {
    expect(findPageRoute('/employeeManagement/enterprise')?.built).toBe(true);
    expect(findPageRoute('/employeeManagement/member')?.built).toBe(true);
    expect(findPageRoute('/employeeManagement/role')?.family).toBeUndefined();
    expect(findPageRoute('/employeeManagement/other')?.family).toBe(true);
  });

  it('shows menu entries only for built pages, directories always', () => {
    expect(isBuiltPage('/companySearchDetail')).toBe(true);
    expect(isBuiltPage('/mapGetCustomer')).toBe(true); // issue 30 item 2
    expect(isBuiltPage('/digitalEmployee')).toBe(true); // issue 34 item 1
    expect(isBuiltPage('/digitalEmployeeDetail')).toBe(true); // issue 34 item 2
    expect(isBuiltPage('/platform/ai-employee')).toBe(true); // issue 34 item 3
    expect(isBuiltPage('/employeeManagement/department')).toBe(false);
    expect(isBuiltPage('/employeeManagement/member')).toBe(true);
    expect(isBuiltPage('/employeeManagement/role')).toBe(true);
    expect(isBuiltPage('/clue/list')).toBe(true);
    expect(isBuiltPage('/workbench')).toBe(true); // 我的工作台 (issue 29 item 1)
    expect(isBuiltPage('/clue/pool')).toBe(false);
    expect(isBuiltPage('/nowhere')).toBe(false);
    expect(isBuiltPage('')).toBe(true);
    expect(isBuiltPage(null)).toBe(true);
  });

  it('puts only built public pages in the sitemap, highest priority first', () => {
    expect(SITEMAP_PAGES[0]).toEqual({ path: '/', priority: 1 });
    for (const p of SITEMAP_PAGES) expect(isOpenPath(p.path) && isBuiltPage(p.path)).toBe(true);
  });
});

describe('every page names the module that owns it (issue 27 item 6)', () => {
  const serverDir = path.resolve(__dirname, '../../server');
  const modules = fs
    .readdirSync(serverDir)
    .filter((d) => fs.existsSync(path.join(serverDir, d, 'index.ts')));

  it('names a module of lib/server with a front door', () => {
    const unknown = PAGE_ROUTES.filter((r) => !modules.includes(r.owner)).map(
      (r) => `${r.path} → ${r.owner}`,
    );
    expect(unknown).toEqual([]);
  });

  it('gives the lead pages to crm and the sign-in pages to identity', () => {
    expect(findPageRoute('/clue/list')?.owner).toBe('crm');
    expect(findPageRoute('/workbench')?.owner).toBe('crm');
    expect(findPageRoute('/login')?.owner).toBe('identity');
    expect(findPageRoute('/companySearch')?.owner).toBe('search');
  });
});
