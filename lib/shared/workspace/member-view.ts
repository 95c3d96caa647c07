/**
 * Tool pages open to everyone that a member sees inside the workspace (ADR 0197, amended): one
 * URL, two routes. The proxy renders a signed-in request from `/member-view{path}` in the
 * (workspace) group, so the workspace's code (antd, the side menu, the top bar) belongs to that
 * route only and a visitor's page loads none of it. A page here has its body in `app{path}/view.tsx`
 * and a page file on each route that renders it with its chrome.
 */
export const MEMBER_VIEW_PREFIX = '/member-view';

export const MEMBER_VIEW_PATHS: readonly string[] = [
  '/companySearch',
  '/companySearchDetail',
  '/advancedSearch',
  '/mapGetCustomer',
  '/industryInsights/industryMap',
  '/digitalEmployee',
  '/enterpriseReport',
];

/** The member's route of a tool page (or null when the page has one route for everyone). */
export function memberViewOf(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return MEMBER_VIEW_PATHS.includes(path) ? `${MEMBER_VIEW_PREFIX}${path}` : null;
}

/** The public address of a member-view route asked for directly (null for other paths). */
export function publicPathOfMemberView(pathname: string): string | null {
  if (pathname !== MEMBER_VIEW_PREFIX && !pathname.startsWith(`${MEMBER_VIEW_PREFIX}/`))
    return null;
  return pathname.slice(MEMBER_VIEW_PREFIX.length) || '/';
}
