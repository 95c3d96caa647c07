'use client';

import { Result } from 'antd';

/** A menu entry the user may see but not use (spec 2.2): 暂无操作权限 in place of the page. */
export function NoPermission() {
  return <Result status="403" title="系统提示" subTitle="暂无操作权限" />;
}
