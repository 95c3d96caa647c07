/**
 * What each audit_logs.action means, in Chinese, for the operator's audit log page. An action not
 * listed shows its code.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  login: '登录',
  login_failed: '登录失败',
  account_locked: '账号锁定',
  register: '注册',
  password_changed: '修改密码',
  password_reset: '重置密码',
  mobile_changed: '更换手机号',
  account_deleted: '注销账号',
  social_bind: '绑定公众号',
  social_unbind: '解绑公众号',
  user_status: '成员启用/停用',
  user_roles_assigned: '分配角色',
  user_dept: '调整部门',
  member_removed: '移出成员',
  member_limit_updated: '修改成员上限',
  join_cancelled: '取消加入',
  join_request_handled: '审批加入申请',
  join_request_handled_all: '批量审批加入申请',
  role_created: '新建角色',
  role_updated: '修改角色',
  role_deleted: '删除角色',
  role_menus_assigned: '分配角色菜单',
  dept_created: '新建部门',
  dept_updated: '修改部门',
  dept_deleted: '删除部门',
  reward_claimed: '领取邀请奖励',
  tenant_created: '创建租户',
  tenant_updated: '修改租户',
  tenant_deleted: '删除租户',
  tenant_approval: '修改加入审批',
  tenant_disabled: '停用租户',
  tenant_enabled: '启用租户',
  tenant_quota_granted: '赠送解锁额度',
  order_refunded: '标记退款',
  content_import: '导入内容',
  'enterprise.export': '导出企业',
  'enterprise.unlock_export': '导出解锁联系人',
};

export function auditActionName(action: string): string {
  if (action.startsWith('track:')) return `埋点：${action.slice(6)}`;
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** A short device description from a user agent: browser · system (or 未知设备). */
export function deviceOf(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  if (!ua) return '未知设备';
  const browser = /MicroMessenger/i.test(ua)
    ? '微信'
    : /Edg\//.test(ua)
      ? 'Edge'
      : /HeadlessChrome/.test(ua)
        ? 'Chrome（无头）'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Firefox\//.test(ua)
            ? 'Firefox'
            : /Safari\//.test(ua)
              ? 'Safari'
              : /curl|node|undici|python|axios|okhttp/i.test(ua)
                ? '脚本'
                : '其他浏览器';
  const system = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return system ? `${browser} · ${system}` : browser;
}
