'use client';

import { StatusNotice } from '@/components/layout/StatusNotice';

/** A menu entry the user may see but not use (spec 2.2): 暂无操作权限 in place of the page. */
export function NoPermission() {
  return <StatusNotice status="403" title="系统提示" subTitle="暂无操作权限" />;
}
