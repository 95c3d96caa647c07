/**
 * Why the login modal opened (issue 28 item 7: it never said): the page a visitor was on their
 * way to (the route guard's ?redirect=), or an action on this page that needs an account. Null
 * when the visitor chose 登录 themselves.
 */

/** Names of the pages a visitor is most often sent to sign in for. */
const PAGE_NAMES: Readonly<Record<string, string>> = {
  '/workbench': '我的工作台',
  '/clue/list': '线索管理',
  '/customerManagement/customerList': '客户列表',
  '/customerManagement/customerDetail': '客户详情',
  '/customerManagement/opportunity': '商机管理',
  '/ai': 'AI 助手',
  '/intelligenceSearchDetail': 'AI 助手',
  '/unLockListPage': '已解锁企业',
  '/favoritesPage': '我的收藏',
  '/downloadList': '下载中心',
  '/infoCenter': '消息中心',
  '/memberCenter': '会员中心',
  '/userSystem/userInfo': '个人中心',
  '/employeeManagement/enterprise': '企业信息',
  '/employeeManagement/member': '成员管理',
  '/employeeManagement/role': '角色管理',
};

export function loginReason(
  redirect: string | null | undefined,
  currentPath: string,
): string | null {
  if (!redirect) return null;
  let path: string;
  try {
    path = new URL(redirect, 'http://x').pathname;
  } catch {
    return null;
  }
  if (path === currentPath) return '请先登录后继续操作';
  const name = PAGE_NAMES[path];
  return name ? `请先登录后查看「${name}」` : '请先登录后查看该页面';
}

/** The tab the modal opens on: SMS on a phone (a QR code cannot be scanned by the phone showing it), else WeChat QR (spec 2.6). */
export function defaultLoginTab(): 'qr' | 'sms' {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'qr';
  return window.matchMedia('(max-width: 575px), (pointer: coarse) and (max-width: 900px)').matches
    ? 'sms'
    : 'qr';
}
