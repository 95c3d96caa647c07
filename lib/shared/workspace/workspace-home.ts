import { isBuiltPage } from '../routes';

/**
 * Where a signed-in user lands (issue 28 item 7): after signing in or up from the home page, the
 * login page or an invitation, and behind the logo, 首页 and the public user menu. The workbench
 * is that page once it is built (lib/shared/routes.ts `built: true` on /workbench); until then the
 * workspace's first page. Nothing else names the landing page: use WORKSPACE_HOME.
 */
export const WORKBENCH_PATH = '/workbench';
/** The workspace's first page while the workbench is not built. */
export const WORKSPACE_FIRST_PAGE = '/clue/list';

export const WORKSPACE_HOME: string = isBuiltPage(WORKBENCH_PATH)
  ? WORKBENCH_PATH
  : WORKSPACE_FIRST_PAGE;

/** The workbench exists: its link and the 登录后打开我的工作台 setting may show. */
export const WORKBENCH_BUILT: boolean = isBuiltPage(WORKBENCH_PATH);

/**
 * The workspace pages the public user menu lists (a signed-in user on a public page can always
 * get back to work), in menu order; pages not built yet are left out.
 */
export const WORKSPACE_SHORTCUTS: readonly { href: string; label: string }[] = [
  { href: WORKBENCH_PATH, label: '我的工作台' },
  { href: '/clue/list', label: '线索管理' },
  { href: '/customerManagement/customerList', label: '客户列表' },
  { href: '/ai', label: 'AI 助手' },
  { href: '/unLockListPage', label: '已解锁企业' },
  { href: '/downloadList', label: '下载中心' },
  { href: '/infoCenter', label: '消息中心' },
].filter((s) => isBuiltPage(s.href));
