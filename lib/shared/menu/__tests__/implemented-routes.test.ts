import fs from 'node:fs';
import path from 'node:path';
import { IMPLEMENTED_MENU_PATHS, isImplementedMenuPath } from '../implemented-routes';

const appDir = path.resolve(__dirname, '../../../../app');

describe('implemented menu paths', () => {
  it.each(IMPLEMENTED_MENU_PATHS)('%s has a page in app/', (route) => {
    const page = ['page.tsx', 'page.ts'].some((f) => fs.existsSync(path.join(appDir, route, f)));
    expect(page).toBe(true);
  });

  it('hides routes whose page is not built and keeps directories', () => {
    expect(isImplementedMenuPath('/companySearchDetail')).toBe(true);
    expect(isImplementedMenuPath('/mapGetCustomer')).toBe(false);
    expect(isImplementedMenuPath('')).toBe(true);
    expect(isImplementedMenuPath(null)).toBe(true);
  });
});
