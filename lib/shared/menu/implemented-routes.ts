/**
 * Menu paths whose page exists in app/. The server menu (spec 3, "menu item from server") covers
 * every route of the spec from the start, but an entry whose page is not built yet is sent with
 * visible=false, so no menu ever leads to a 404. Each later issue adds its paths here when its page
 * lands; a unit test checks every path listed has a page.
 */
export const IMPLEMENTED_MENU_PATHS: readonly string[] = [
  '/companySearch',
  '/companySearchDetail',
  '/advancedSearch',
  '/unLockListPage',
  '/favoritesPage',
  '/userSystem/userInfo',
  '/employeeManagement/enterprise',
];

const implemented = new Set(IMPLEMENTED_MENU_PATHS);

/** Directories (no path of their own) stay visible; their children decide what shows. */
export function isImplementedMenuPath(path: string | null | undefined): boolean {
  return !path || implemented.has(path);
}
