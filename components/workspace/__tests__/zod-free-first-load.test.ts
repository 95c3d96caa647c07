import fs from 'node:fs';
import path from 'node:path';
import {
  clientFirstLoadViolations,
  NO_ZOD,
  ROOT,
} from '@/components/layout/__tests__/first-load-walk';

/**
 * Issue 38 (a lighter workspace): zod and the contract schemas are not in the first load of the
 * workspace shell nor of the list pages below. Client code calls an endpoint through its generated
 * route part (lib/shared/api/endpoints.ts, ADR 0217); a form that validates with a schema loads it
 * on demand. The walk (first-load-walk.ts) follows static, value-carrying imports from server
 * files into client modules and flags zod and every *.contract module a client module reaches.
 */
const SHELL = ['app/layout.tsx', 'app/(workspace)/layout.tsx'];

const PAGES = [
  '/unLockListPage',
  '/favoritesPage',
  '/customerManagement/customerList',
  '/customerManagement/opportunity',
  '/clue/list',
];

/** The segment files (layouts, boundaries, the page) under (workspace) on the way to a route. */
function segmentFiles(route: string): string[] {
  const files: string[] = [];
  let dir = path.join(ROOT, 'app/(workspace)');
  for (const part of route.split('/').filter(Boolean)) {
    dir = path.join(dir, part);
    for (const name of ['layout.tsx', 'template.tsx', 'loading.tsx', 'error.tsx', 'page.tsx']) {
      const file = path.join(dir, name);
      if (fs.existsSync(file)) files.push(file);
    }
  }
  return files;
}

describe('zod is not in the workspace first load', () => {
  it.each(SHELL)('the shell: %s', (file) => {
    const { violations, clientFiles } = clientFirstLoadViolations(path.join(ROOT, file), NO_ZOD);
    if (file.includes('(workspace)'))
      expect(clientFiles).toEqual(
        expect.arrayContaining([
          'components/workspace/WorkspaceShell.tsx',
          'components/workspace/settings/useLayoutSettings.ts',
          'lib/client/request.ts',
        ]),
      );
    expect(violations).toEqual([]);
  });

  it.each(PAGES)('the page %s', (route) => {
    const files = segmentFiles(route);
    expect(files.some((f) => f.endsWith('page.tsx'))).toBe(true);
    const found = files.flatMap((f) => clientFirstLoadViolations(f, NO_ZOD).violations);
    expect(found).toEqual([]);
  });

  it('the walk does see a contract a client module imports', () => {
    // This dialog takes a constant from the wechat contract: the walk flags it.
    const { violations } = clientFirstLoadViolations(
      path.join(ROOT, 'components/account/WechatUnbindDialog.tsx'),
      NO_ZOD,
    );
    expect(violations.some((v) => v.includes('wechat.contract'))).toBe(true);
  });
});
