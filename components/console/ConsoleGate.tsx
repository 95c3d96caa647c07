'use client';

import { StatusNotice } from '@/components/layout/StatusNotice';
import { usePermission, useSession } from '@/lib/client/session';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import type { PermissionRequirement } from '@/lib/shared/auth/permission';
import './console.css';

/**
 * A page of the operator's console (issue 29 item 5): the platform's permission opens it; anyone
 * else sees 403 here, and the API refuses them anyway (every endpoint checks on the server).
 */
export function ConsoleGate({
  title,
  permission,
  children,
}: {
  title: string;
  permission: PermissionRequirement;
  children: React.ReactNode;
}) {
  const { user } = useSession();
  const allowed = usePermission(permission);
  if (!user)
    return (
      <section className="ent-card">
        <h1 className="ent-page-title">{title}</h1>
        <SignInRequired text="登录平台运营账号后可使用运营后台" />
      </section>
    );
  if (!allowed)
    return (
      <StatusNotice status="403" title="当前操作没有权限" subTitle="运营后台仅对平台运营账号开放" />
    );
  return <>{children}</>;
}

/** Chinese money from fen: ¥1,980.00. */
export function yuan(fen: number): string {
  return `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
